// /privacy-policy: cookies, analytics and what happens to personal data.
import { useSiteOwner } from '../../lib/site';
import { NO_OWNER_YET, StaticPage } from './static-page';

export function PrivacyPolicyPage() {
  const { contactEmail } = useSiteOwner() ?? NO_OWNER_YET;
  return (
    <StaticPage screen="privacyPolicy" path="/privacy-policy" heading="Privacy Policy">
      <p className="page-lead">
        This is a personal blog, run by one person. It collects as little about you as it can, and it never sells or
        shares what it has.
      </p>

      <h2>Reading the blog</h2>
      <p>
        You can read every post without an account. Like any website, the server receives some technical details with
        each request, such as your IP address, your browser and the page you asked for. They are used only to deliver
        the page and to keep the site running and secure, never to build a profile of you.
      </p>

      <h2>Cookies and local storage</h2>
      <p>Visitors who just read the blog get no cookies at all. The site uses only what it needs to work:</p>
      <ul>
        <li>
          <strong>A session cookie</strong>, set only when you sign in, that keeps you signed in. It cannot be read by
          scripts on the page, is sent only to this site, is deleted when you sign out, and otherwise expires within 30
          days of your last visit.
        </li>
        <li>
          <strong>Your name, e-mail address and role</strong>, kept in your browser’s local storage while you are signed
          in so the site can greet you. Signing out clears it.
        </li>
        <li>
          <strong>Drafts</strong>: the author’s unfinished posts are kept in the browser’s local storage until they are
          published.
        </li>
      </ul>
      <p>None of these is used for advertising or tracking, so there is no cookie banner to click through.</p>

      <h2>Analytics</h2>
      <p>
        This site uses no analytics service and no advertising or social-media trackers: no Google Analytics, no
        tracking pixels, no third-party scripts. If that ever changes, this page will say so first, and you will be
        asked for your consent wherever the law requires it.
      </p>

      <h2>Links to other sites</h2>
      <p>
        Posts often link to stores, studios and other websites. Those sites have their own privacy policies, which apply
        once you follow a link.
      </p>

      <h2>Your rights</h2>
      <p>
        If you have an account, you can change your name, e-mail address and password from your profile at any time. To
        see what is stored about you, or to have your account deleted, write to{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>; I will answer within 30 days.
      </p>

      <h2>Changes to this policy</h2>
      <p>If the way this site handles your data changes, this page will be updated before the change takes effect.</p>
    </StaticPage>
  );
}
