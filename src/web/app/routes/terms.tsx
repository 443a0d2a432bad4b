import { Link } from "react-router";
import { DocumentPage, DocumentSection, MailLink } from "#web/components/ui/document-page.tsx";
import { paths } from "#web/config/paths.ts";

const CONTACT_EMAIL = "privacy@garden-community.example";

export function TermsRoute() {
  return (
    <DocumentPage
      title="Terms of Use"
      description="The rules for using Gardening Community: acceptable use, your content, gardening advice, accounts and moderation."
      updated="2026-11-22"
    >
      <p className="text-lg">
        Gardening Community is a free place for gardeners to share tips, browse other people's advice and meet
        fellow growers. By using the site you agree to these terms. If you do not agree, please do not use it.
      </p>

      <DocumentSection id="accounts" title="Your account and its security">
        <ul className="list-disc space-y-2 pl-6">
          <li>Give your real name or a name you are happy to show, and an e-mail address you can read.</li>
          <li>
            An account is for one person. Keep your password to yourself and do not use it on other sites; you
            are responsible for what is done with your account.
          </li>
          <li>
            If you think someone else has used your account, reset your password at once (this signs out every
            other session) and tell us.
          </li>
          <li>If you sign in with Google, Google's own terms also apply to that sign-in.</li>
        </ul>
      </DocumentSection>

      <DocumentSection id="acceptable-use" title="Acceptable use">
        <p>Be kind and helpful. When you use the site, do not:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>post anything illegal, hateful, harassing, sexually explicit or threatening;</li>
          <li>post spam, advertising or links whose main purpose is to sell something;</li>
          <li>post someone else's personal details, or pretend to be someone you are not;</li>
          <li>post text or pictures you do not have the right to share;</li>
          <li>
            recommend something you know to be dangerous, such as eating a plant that is poisonous or misusing
            pesticides;
          </li>
          <li>
            try to break into accounts or the site, get around its limits, or load it with automated requests.
          </li>
        </ul>
      </DocumentSection>

      <DocumentSection id="your-content" title="Your content">
        <p>
          You keep ownership of the tips you write and the pictures you link to. By posting a tip, you give us
          a free, non-exclusive, worldwide licence to store, display and format it on this site, for as long
          as it stays on the site. A public tip is shown to everyone with your name and e-mail address as its
          author; a hidden or private tip is shown only to you.
        </p>
        <p>
          The licence ends when you delete the tip, although copies that other people have already made are
          outside our control. You confirm that you have the right to share what you post.
        </p>
      </DocumentSection>

      <DocumentSection id="gardening-advice" title="Gardening advice">
        <p>
          Tips are written by members of the community, not checked by experts. They are shared in good faith
          but come with no warranty that they are accurate, complete or right for your garden: climate, soil
          and plants differ. Use your own judgement and be careful:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Some plants are poisonous to people or pets, or irritate the skin. Never eat a plant you cannot
            identify with certainty, and keep children and animals away from toxic ones.
          </li>
          <li>
            Fertilisers, pesticides and other chemicals: follow the manufacturer's label and local rules, wear
            the protection it asks for, and store them out of children's reach. Do not mix products a tip
            suggests unless the labels say it is safe.
          </li>
          <li>
            Tools: use them as their makers intend, wear gloves and eye protection where needed, and take care
            with ladders, blades and power tools.
          </li>
        </ul>
        <p>
          If a plant or product may have harmed someone, contact a doctor or your local poison centre, not the
          site.
        </p>
      </DocumentSection>

      <DocumentSection id="moderation" title="Moderation and removal">
        <p>
          We may hide or remove any tip, picture link or account that breaks these terms or the law, or that
          puts people at risk, without notice. If you see something that should not be here, write to us at{" "}
          <MailLink email={CONTACT_EMAIL} /> with a link to it.
        </p>
      </DocumentSection>

      <DocumentSection id="termination" title="Ending your use">
        <p>
          You can stop using the site at any time and ask us to delete your account, as described in our{" "}
          <Link to={paths.privacy.getHref()} className="link">
            Privacy Policy
          </Link>
          . We may suspend or close an account that seriously or repeatedly breaks these terms.
        </p>
      </DocumentSection>

      <DocumentSection id="availability" title="Availability and liability">
        <p>
          The site is provided as it is, free of charge. We may change it, or it may sometimes be unavailable.
          As far as the law allows, we are not liable for losses that come from using the site or from
          following advice posted on it.
        </p>
      </DocumentSection>

      <DocumentSection id="changes" title="Changes to these terms">
        <p>
          We may update these terms; when we do, we change the date at the top of this page. If you keep using
          the site after a change, the new terms apply to you.
        </p>
      </DocumentSection>

      <DocumentSection id="contact" title="Contact">
        <p>
          Questions about these terms, or a report about content on the site: write to{" "}
          <MailLink email={CONTACT_EMAIL} />.
        </p>
      </DocumentSection>
    </DocumentPage>
  );
}
