import { PHOTO_LIMITS } from "#shared/photos.ts";
import { NEW_ACCOUNT_MS } from "../../rules/newcomers.ts";

/** One limit: at most `count` hits per fixed window of `minutes` (a fraction for seconds: 5 / 60). */
export interface Window {
  count: number;
  minutes: number;
}

/** One window, or several of different lengths (5 a minute and 30 an hour), all of which must allow. */
export type Windows = Window | readonly Window[];

/**
 * What one limit counts and how much of it: per client address always, and per account (and per account
 * and address) when the request names or is one. `failuresOnly` counts only attempts that fail (guessing
 * a password), otherwise every attempt (each one sends an e-mail, costs a photo decode, or reaches every
 * reader's list).
 */
export interface Policy {
  /** Plural, for the refusal: "Too many <what>." */
  what: string;
  failuresOnly: boolean;
  /** Only what the route accepts counts: the turn is given back when it answers 4xx or 5xx. */
  acceptedOnly?: boolean;
  /** What the windows count: requests (the default), or bytes, each request adding its body's size. */
  unit?: "bytes";
  /** Said in the refusal after "Too many <what>", in brackets, where the wait alone would puzzle. */
  limitInWords?: string;
  perIp?: Windows;
  perAccount?: Windows;
  /** Instead of `perAccount` for a new account (newcomers.ts): free accounts cost nothing. */
  perNewAccount?: Windows;
  perAccountAndIp?: Windows;
  /**
   * For a request from a device where the account signed in before (modules/accounts/device.ts): this
   * window alone applies, so strangers using up the account's allowance elsewhere do not lock it out.
   */
  perDevice?: Window;
}

/**
 * Guessing a password. Per account and address these stop guessing one password from one place. Per
 * account across all addresses the ceiling is ten times higher, so an attacker at one address never
 * locks the owner out at another; and signing in from a device where the owner signed in before, only
 * that device's own window counts, so not even attackers at many addresses do. Per address they are
 * looser still: one address can be a whole office or school behind NAT.
 */
const PASSWORD_GUESSES = {
  failuresOnly: true,
  perAccountAndIp: { count: 5, minutes: 15 },
  perAccount: { count: 50, minutes: 15 },
  perIp: { count: 100, minutes: 15 },
} as const;

/** Each request sends an e-mail: counted whether or not the account exists, which it must not reveal. */
const EMAILS = {
  failuresOnly: false,
  perAccount: { count: 3, minutes: 15 },
  perIp: { count: 100, minutes: 15 },
} as const;

/** What is private to the member (their bookmarks, follows ended, reminders): only a bound on a script's pace. */
const SCRIPT_PACE = {
  failuresOnly: false,
  perAccount: { count: 60, minutes: 1 },
  perIp: { count: 300, minutes: 1 },
} as const;

/** Changing what readers already see (a tip, a gardener page, a comment): each one empties cached pages. */
const EDITS = {
  failuresOnly: false,
  perAccount: [
    { count: 10, minutes: 1 },
    { count: 100, minutes: 60 },
  ],
  perIp: { count: 60, minutes: 1 },
} as const;

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Every limit of the site, in one table. */
export const RATE_LIMITS = {
  signIn: { what: "failed sign-in attempts", ...PASSWORD_GUESSES, perDevice: { count: 5, minutes: 15 } },
  /** change-password and verify-password, for the signed-in account. */
  passwordCheck: { what: "failed password attempts", ...PASSWORD_GUESSES },
  /**
   * Accounts are free: ten an hour from one address lets a family or a class sign up together, not a
   * script make hundreds (the unverified accounts of an address are held to three a day besides:
   * modules/accounts/sign-up-brakes.ts).
   */
  signUp: {
    what: "sign-up attempts",
    failuresOnly: false,
    perAccount: { count: 5, minutes: 10 },
    perIp: { count: 10, minutes: 60 },
  },
  resetEmail: { what: "password reset requests", ...EMAILS },
  verificationEmail: { what: "verification e-mails", ...EMAILS },
  /**
   * Refused files count too: each one costs the server a decode. Per address as well, so a hundred free
   * accounts at one address do not get a hundred allowances (ADR 030).
   */
  upload: {
    what: "photo uploads",
    failuresOnly: false,
    perAccount: { count: PHOTO_LIMITS.perHour, minutes: 60 },
    perIp: { count: PHOTO_LIMITS.perHourPerAddress, minutes: 60 },
  },
  /** What uploads may add to the storage in a day: only accepted photos count, by their size. */
  uploadBytes: {
    what: "megabytes of photos",
    limitInWords: `at most ${PHOTO_LIMITS.bytesPerDay / MB} MB per account, ${PHOTO_LIMITS.bytesPerDayPerAddress / GB} GB per address in 24 hours`,
    failuresOnly: false,
    acceptedOnly: true,
    unit: "bytes",
    perAccount: { count: PHOTO_LIMITS.bytesPerDay, minutes: 24 * 60 },
    perIp: { count: PHOTO_LIMITS.bytesPerDayPerAddress, minutes: 24 * 60 },
  },
  /**
   * A new tip is in every reader's list at once and empties the public cache. Per address looser: a
   * garden club may share from one address.
   */
  shareTip: {
    what: "new tips",
    failuresOnly: false,
    perAccount: [
      { count: 5, minutes: 1 },
      { count: 30, minutes: 60 },
    ],
    perNewAccount: [
      { count: 3, minutes: 1 },
      { count: 10, minutes: 24 * 60 },
    ],
    perIp: [
      { count: 30, minutes: 1 },
      { count: 300, minutes: 60 },
    ],
  },
  editTip: { what: "tip edits", ...EDITS },
  editProfile: { what: "profile changes", ...EDITS },
  /**
   * A comment reaches every reader of the tip. Members may talk, a few seconds apart; an account younger
   * than a day (free to make by the hundred) gets a comment a minute and 30 a day.
   */
  comment: {
    what: "comments",
    failuresOnly: false,
    acceptedOnly: true,
    perAccount: [
      { count: 1, minutes: 5 / 60 },
      { count: 30, minutes: 60 },
    ],
    perNewAccount: [
      { count: 1, minutes: 1 },
      { count: 30, minutes: 24 * 60 },
    ],
    perIp: [
      { count: 60, minutes: 1 },
      { count: 600, minutes: 60 },
    ],
  },
  /** Changing and deleting comments, together. */
  editComment: { what: "comment changes", ...EDITS },
  /**
   * A moderator's or administrator's actions: generous for a real queue, but a stolen moderator session
   * cannot sweep the site in a minute.
   */
  moderate: {
    what: "moderation actions",
    failuresOnly: false,
    perAccount: [
      { count: 30, minutes: 1 },
      { count: 600, minutes: 60 },
    ],
    perIp: { count: 120, minutes: 1 },
  },
  /**
   * A moderator's decisions (ADR 049): a real queue's day fits in 30 an hour, and a stolen or turned
   * moderator session cannot sweep the site in an afternoon.
   */
  decide: {
    what: "moderation decisions",
    failuresOnly: false,
    acceptedOnly: true,
    perAccount: [
      { count: 10, minutes: 1 },
      { count: 30, minutes: 60 },
    ],
    perIp: { count: 60, minutes: 1 },
  },
  /**
   * Appeals and reading a decision by its e-mail link, per address: an author appeals a handful of
   * decisions, and nobody guesses a link's 256-bit token by trying.
   */
  appeal: {
    what: "appeals",
    failuresOnly: false,
    perIp: [
      { count: 10, minutes: 1 },
      { count: 60, minutes: 60 },
    ],
  },
  /** Blocking and unblocking members, together. */
  block: {
    what: "block changes",
    failuresOnly: false,
    perAccount: [
      { count: 20, minutes: 1 },
      { count: 200, minutes: 24 * 60 },
    ],
    perIp: { count: 60, minutes: 1 },
  },
  /**
   * Following gardeners: each follow tells the gardener, so a day holds a generous 500 and a minute 30;
   * a follow refused (no such page, a block) is given back.
   */
  follow: {
    what: "follows",
    failuresOnly: false,
    acceptedOnly: true,
    perAccount: [
      { count: 30, minutes: 1 },
      { count: 500, minutes: 24 * 60 },
    ],
    perIp: { count: 300, minutes: 1 },
  },
  /** Unfollowing: tells nobody. */
  unfollow: { what: "unfollows", ...SCRIPT_PACE },
  /** Saving tips and taking them back, together. */
  bookmark: { what: "bookmark changes", ...SCRIPT_PACE },
  /** Setting and removing sowing reminders. */
  sowingReminder: { what: "reminder changes", ...SCRIPT_PACE },
  /** Administrators adding, changing and removing the site's own crops. */
  siteCrop: { what: "crop changes", ...SCRIPT_PACE },
  /**
   * Asking whether a tip is muted (each tip page a member opens), muting and unmuting: private to the
   * member, so only a bound on a script's pace.
   */
  mute: {
    what: "mute requests",
    failuresOnly: false,
    perAccount: { count: 120, minutes: 1 },
    perIp: { count: 300, minutes: 1 },
  },
  /** A member's own settings: a person changes them a few times; a loop is refused. */
  settings: {
    what: "settings changes",
    failuresOnly: false,
    perAccount: { count: 30, minutes: 1 },
    perIp: { count: 300, minutes: 1 },
  },
  /**
   * Unsubscribe links, read and followed without a session: a mail scanner or a person opens a few; a
   * script guessing tokens is refused long before one could be found.
   */
  unsubscribe: {
    what: "unsubscribe links",
    failuresOnly: false,
    perIp: { count: 30, minutes: 1 },
  },
  /** Liking and taking a like back, together: each toggle moves the tip in the trending list. */
  like: {
    what: "likes",
    failuresOnly: false,
    perAccount: { count: 60, minutes: 1 },
    perIp: { count: 300, minutes: 1 },
  },
} as const satisfies Record<string, Policy>;

export type PolicyName = keyof typeof RATE_LIMITS;

/** Whose count a window is, as a refusal and the API document say it: "5 per <whose> in 15 minutes". */
export const WHOSE = {
  ip: "address",
  account: "account",
  newAccount: `account younger than ${NEW_ACCOUNT_MS / 3_600_000} hours`,
  accountAndIp: "account and address",
  device: "device",
} as const;

export const asList = (windows: Windows | undefined): readonly Window[] =>
  windows === undefined ? [] : "count" in windows ? [windows] : windows;

/** A window in words: "5 per account in a minute", "30 per account in 60 minutes", "200 MB per account in 24 hours". */
export function windowInWords({ count, minutes }: Window, whose: string, unit?: "bytes"): string {
  const amount = unit !== "bytes" ? String(count) : count >= GB ? `${count / GB} GB` : `${count / MB} MB`;
  const period =
    minutes < 1
      ? `${Math.round(minutes * 60)} seconds`
      : minutes === 1
        ? "a minute"
        : minutes >= 120 && minutes % 60 === 0
          ? `${minutes / 60} hours`
          : `${minutes} minutes`;
  return `${amount} per ${whose} in ${period}`;
}

/** A limit as the API document states it: "Too many photo uploads (30 per account an hour); wait ...". */
export function limitDescription(policy: PolicyName): string {
  const {
    what,
    failuresOnly,
    acceptedOnly,
    unit,
    perAccountAndIp,
    perAccount,
    perNewAccount,
    perIp,
    perDevice,
  }: Policy = RATE_LIMITS[policy];
  const per = (windows: Windows | undefined, whose: string) =>
    asList(windows).map((window) => windowInWords(window, whose, unit));
  const windows = [
    ...per(perAccountAndIp, WHOSE.accountAndIp),
    ...per(perAccount, WHOSE.account),
    ...per(perNewAccount, WHOSE.newAccount),
    ...per(perIp, WHOSE.ip),
  ].join(", ");
  const device = perDevice
    ? `; from a device where the account signed in before, only ${windowInWords(perDevice, WHOSE.device)}`
    : "";
  const counted = failuresOnly
    ? "; only failures count"
    : acceptedOnly
      ? unit === "bytes"
        ? "; only accepted requests count, by their Content-Length"
        : "; only accepted requests count"
      : "";
  return `Too many ${what} (at most ${windows}${device}${counted}); wait the number of seconds in Retry-After`;
}
