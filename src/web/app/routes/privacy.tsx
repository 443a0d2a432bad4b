import { Link } from "react-router";
import {
  DELETED_HANDLE_KEPT_DAYS,
  DELETION_GRACE_DAYS,
  EXPORT_EVERY_HOURS,
  EXPORT_KEPT_HOURS,
} from "#shared/schemas/account-data.ts";
import { DocumentPage, DocumentSection, MailLink } from "#web/components/ui/document-page.tsx";
import { paths } from "#web/config/paths.ts";

const PRIVACY_EMAIL = "privacy@garden-community.example";

/** What this site really stores (see the database schema and ADR 009) and how to get it removed. */
export function PrivacyRoute() {
  return (
    <DocumentPage
      title="Privacy Policy"
      description="What Gardening Community stores about you, who can see it, how long we keep it and how to delete it."
      updated="2026-12-07"
    >
      <p className="text-lg">
        Gardening Community is a place to share and browse gardening tips. We keep only what we need to run
        it: this page says what that is, who can see it, how long we keep it and how you can have it deleted.
        We do not sell your data, show advertising or track you across other websites.
      </p>

      <DocumentSection id="what-we-store" title="What we store">
        <p>When you use the site, we store the following in our database.</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Your account:</strong> your name, your e-mail address, whether you have confirmed that
            address, and your profile photo if you give one (a photo you upload, or the web address of a
            picture elsewhere). If you sign up with an e-mail address, we store a hashed version of your
            password, never the password itself. If you sign in with Google, we store the link to your Google
            account instead: the identifier Google gives us for you and the sign-in tokens it returns. We
            never see your Google password.
          </li>
          <li>
            <strong>The tips you share:</strong> the title, plant type, category, difficulty, description,
            photo and visibility you choose. Each tip belongs to your account and shows your current name as
            its author.
          </li>
          <li>
            <strong>Your gardener page:</strong> your handle (the name in your page's address), and what you
            choose to fill in: a short bio, experience, a place name you type, certifications, your garden's
            name, a YouTube link, your age and gender, and whether you are listed on Explore Gardeners. When
            you change your handle we keep the old one for you, so links to your page still lead to it and
            nobody else can take it.
          </li>
          <li>
            <strong>Your comments</strong> on tips, with when you wrote and last changed them. A comment you
            delete that has replies stays as "[deleted]", without its text or your name.
          </li>
          <li>
            <strong>Photos you upload</strong> (for a tip or your profile): before we store a photo we turn it
            upright and remove everything hidden in the file: the place where it was taken (GPS position), the
            camera and its settings, the date and every other EXIF, XMP or IPTC detail. We keep only the
            picture itself, at most 2048 pixels on its long side, with smaller copies for small screens. A
            photo that no tip or profile uses (for example one you uploaded and then did not save) is deleted
            after a day; a photo is deleted with the tip it belonged to, unless another tip or profile uses it
            too.
          </li>
          <li>
            <strong>Your likes:</strong> which tips you liked, so that each person can like a tip only once
            and like counts stay correct.
          </li>
          <li>
            <strong>Your reports and blocks:</strong> what you reported (with its title or first words as you
            saw it, so you can tell your reports apart), why, your note, and what the moderators decided; and
            the members you blocked.
          </li>
          <li>
            <strong>Moderation records:</strong> when members report something you posted, the reports (never
            shown to you with the reporters' names), the moderators' decisions about it with their reasons,
            your appeals, and whether your account is or was on hold or suspended. Every moderation action is
            written in a moderation log that cannot be changed afterwards, so that decisions can be checked.
          </li>
          <li>
            <strong>Where you sign up and report from, as a code:</strong> to limit how many accounts and
            reports one address can make, we keep a keyed hash of the network address you signed up from, and
            of the address each report came from. It tells two addresses apart; it does not say what the
            address was.
          </li>
          <li>
            <strong>Your sessions:</strong> when you sign in we record a session with its expiry time and the
            IP address and browser name (user agent) it was started from, so that you stay signed in and
            sessions can be ended, for example after a password reset.
          </li>
          <li>
            <strong>Password reset requests and e-mail confirmations:</strong> a one-time code for each link
            we e-mail you (see below).
          </li>
          <li>
            <strong>Copies of your data you ask for:</strong> when you asked, how far it got, and the zip file
            itself until it is deleted {EXPORT_KEPT_HOURS} hours after it was ready (see below).
          </li>
          <li>
            <strong>E-mails on their way:</strong> each e-mail we send you waits in our database until your
            mail server accepts it; once sent, we keep only its address, subject and when it went.
          </li>
        </ul>
      </DocumentSection>

      <DocumentSection id="cookies" title="Cookies and storage in your browser">
        <p>
          We set two cookies: the session cookie that keeps you signed in, and, once you sign in with your
          password, a device cookie that remembers this browser for a year, so that strangers guessing your
          password elsewhere cannot lock you out here. The device cookie holds a random number and the time
          you signed in, not your name or e-mail. Both are httpOnly, so scripts on the page cannot read them,
          and they are only sent back to this site. (While you sign in with Google, another cookie that
          expires after five minutes protects the sign-in against forgery.) There are no tracking or
          advertising cookies and no third-party analytics, and the site loads no fonts or scripts from other
          websites.
        </p>
        <p>
          Photos that members upload are served by this site. A member may instead give the web address of a
          picture hosted elsewhere: your browser then fetches it from that website, which can see your IP
          address as with any web request.
        </p>
        <p>
          Your choice of light or dark theme is kept in your browser's localStorage, on your device only; it
          is never sent to us. Clearing this site's data in your browser removes it.
        </p>
      </DocumentSection>

      <DocumentSection id="emails" title="E-mails we send">
        <p>We send you an e-mail only in these cases, and no newsletters or marketing e-mails:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>When you create an account</strong> (or ask for it again on your profile): a link to
            confirm that the e-mail address is yours, valid for 24 hours.
          </li>
          <li>
            <strong>When you ask to reset your password:</strong> a link to choose a new one, valid for one
            hour and usable once; asking again makes the earlier link stop working.
          </li>
          <li>
            <strong>When a moderator decides about something you posted:</strong> what they decided and why,
            with a link to appeal while you may.
          </li>
          <li>
            <strong>When a copy of your data you asked for is ready:</strong> a link to download it, which
            works only for you, signed in, for {EXPORT_KEPT_HOURS} hours.
          </li>
          <li>
            <strong>When something you reported is decided:</strong> whether it was removed or left up.
          </li>
          <li>
            <strong>When your account's hold ends by itself</strong> because no moderator confirmed it in
            time.
          </li>
          <li>
            <strong>If you are a moderator or administrator:</strong> when reports have waited too long for a
            decision.
          </li>
        </ul>
      </DocumentSection>

      <DocumentSection id="who-sees-what" title="Who sees what">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Public tips</strong> can be seen by everyone, including visitors who are not signed in,
            and show the author's name and a link to their gardener page. Your e-mail address is never shown
            on your tips to anyone but you (the demo gardeners' example tips show theirs).
          </li>
          <li>
            <strong>Hidden and private tips</strong> are not listed anywhere and are shown only to their
            author.
          </li>
          <li>
            <strong>Comments</strong> are shown with your name, photo and handle to everyone who can see the
            tip, except to members who blocked you.
          </li>
          <li>
            <strong>Likes:</strong> the number of likes on a tip is public; which tips you liked is not shown
            to other people.
          </li>
          <li>
            <strong>Your gardener page</strong> shows your display name, profile photo, the bio and garden
            details you chose to fill in, your public tips with their counts, and the month you joined. It
            never shows your e-mail address, and shows your age and gender only if you fill them in. You can
            keep yourself out of the Explore Gardeners list.
          </li>
          <li>
            <strong>Reports:</strong> the moderators and administrators see who reported what, with how long
            the reporter has been a member, their earlier reports' outcomes and whether reporters share an
            address. The member who posted the item is never told who reported it. The public moderation
            report counts removals by month and reason and names nobody.
          </li>
          <li>
            <strong>Your account details</strong> (e-mail address, sessions, whether your address is
            confirmed, your blocks and reports) are shown only to you.
          </li>
        </ul>
        <p>
          We do not sell or rent your data and do not share it with advertisers. If you choose to sign in with
          Google, Google learns that you signed in to this site. The e-mails above pass through the e-mail
          service that delivers them.
        </p>
      </DocumentSection>

      <DocumentSection id="download-your-data" title="Downloading your data">
        <p>
          On your{" "}
          <Link to={`${paths.profile.getHref()}#your-data`} className="link">
            Profile
          </Link>
          , under "Your data", choose <strong>Download your data</strong>. We prepare one zip file with
          everything you gave us: your account and gardener page, every tip you shared (whatever its
          visibility), your comments, likes, follows and followers, blocks, bookmarks with their notes and
          reminders, your settings, the reports you made and what was decided, the moderators' decisions about
          what you posted, your sessions (when, from which address and browser), and the photos you uploaded
          as we store them. The data files are JSON and CSV, described by a JSON Schema in the zip, and a
          README.html page shows your tips with their photos without a connection.
        </p>
        <p>
          Of other members it holds only the names and handles of those you follow, who follow you or whom you
          blocked, and the titles or first words of what you reported as you saw them: other people's comments
          under your tips are only counted, and a tip you liked, saved or muted is named only while you may
          still see it. You can ask for one copy every {EXPORT_EVERY_HOURS} hours; when it is ready we tell
          you on the site and by e-mail, and the link works only for you, signed in, for {EXPORT_KEPT_HOURS}{" "}
          hours. Then the file is deleted.
        </p>
      </DocumentSection>

      <DocumentSection id="delete-your-data" title="Changing and deleting your data">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            You can change your name and profile photo on your{" "}
            <Link to={paths.profile.getHref()} className="link">
              Profile
            </Link>{" "}
            page.
          </li>
          <li>
            You can delete any of your tips from{" "}
            <Link to={paths.myTips.getHref()} className="link">
              My Tips
            </Link>
            . A deleted tip is removed at once, together with its likes.
          </li>
          <li>
            You can change your gardener page, and your handle, on your Profile page, and unblock members
            under Your reports.
          </li>
        </ul>
      </DocumentSection>

      <DocumentSection id="delete-your-account" title="Deleting your account">
        <p>
          Under "Delete your account" on your{" "}
          <Link to={`${paths.profile.getHref()}#delete-account`} className="link">
            Profile
          </Link>{" "}
          confirm with your password (if you sign in with Google only: sign in with Google again first) and
          your handle, and choose what happens to what you wrote:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Delete everything</strong>: your tips, photos, comments and likes are removed. Replies
            other members wrote under your tips stay under a "Deleted tip" placeholder, and a comment of yours
            that others answered stays as "[deleted]", without its text or your name.
          </li>
          <li>
            <strong>Keep my tips and comments anonymously</strong>: they stay under "Former gardener", with no
            name, photo, handle or link to you.
          </li>
        </ul>
        <p>
          Either way everything personal goes: your e-mail address, name, gardener page, profile photo,
          sessions and sign-ins, follows both ways, blocks, bookmarks, settings, notifications, the likes you
          gave and any copy of your data. Your account is hidden and signed out everywhere at once, and
          deleted {DELETION_GRACE_DAYS} days later: sign in before then and it stays as it was. We e-mail you
          when you ask, a day before the end, and once it is done. Moderation records keep only an anonymous
          number and the decision. Your handle stays unused by anyone else for {DELETED_HANDLE_KEPT_DAYS}{" "}
          days.
        </p>
      </DocumentSection>

      <DocumentSection id="retention" title="How long we keep data">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Your account, tips and likes: until you delete them or your account ({DELETION_GRACE_DAYS} days
            after you ask).
          </li>
          <li>
            Sessions: until you sign out, or until they expire after about a week without a visit; a password
            reset ends all your other sessions.
          </li>
          <li>Password reset codes: one hour, or until they are used or replaced by a newer request.</li>
          <li>E-mail confirmation codes: 24 hours, or until they are used.</li>
          <li>
            Uploaded photos: as long as a tip or profile uses them; a photo nothing uses is deleted after a
            day.
          </li>
          <li>
            Comments, reports and blocks: until you delete them or your account. Moderation decisions and the
            moderation log: for as long as the site runs, so that decisions can be checked and appealed.
          </li>
          <li>E-mails: their text until they are sent (or their link expires); then only when they went.</li>
          <li>
            Copies of your data: the zip file for {EXPORT_KEPT_HOURS} hours after it is ready; the record that
            you asked for one (when, and whether it was ready) as long as your account.
          </li>
          <li>
            Backups: the site keeps a few recent copies of its database for safety, each deleted when newer
            ones replace it (a week's worth unless the site's operator keeps more). A deleted account lives on
            in those until they are replaced; if one is ever restored, your account is deleted again at once.
          </li>
        </ul>
      </DocumentSection>

      <DocumentSection id="security" title="Security">
        <p>
          Passwords are stored only as salted hashes, the session cookie cannot be read by scripts, and
          repeated failed sign-ins, sign-ups, reset requests and reports are rate-limited. No system is
          perfectly secure, so please use a password you do not use anywhere else.
        </p>
      </DocumentSection>

      <DocumentSection id="changes" title="Changes to this policy">
        <p>
          If we change what we store or how we use it, we will update this page and the date at the top.
          Please also read our{" "}
          <Link to={paths.terms.getHref()} className="link">
            Terms of Use
          </Link>
          .
        </p>
      </DocumentSection>

      <DocumentSection id="contact" title="Contact">
        <p>
          Questions about your data, or anything you cannot do yourself on your Profile: write to{" "}
          <MailLink email={PRIVACY_EMAIL} />. We answer within 30 days.
        </p>
      </DocumentSection>
    </DocumentPage>
  );
}
