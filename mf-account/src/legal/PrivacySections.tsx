import { Link } from '@fable/shared';
import { SupportLink } from '../brand/SupportLink';

/* The sections of the Privacy Policy (PrivacyPage), text as the product spec states it; the brand's name is passed in. */

/** Who we are (#who-we-are) */
export function WhoWeAre({ name, addresses }: { name: string; addresses: readonly string[] }) {
  return (
    <>
      <p>
        {name} is responsible for the personal data described here. You can reach us through <SupportLink />
        {addresses.length > 0 ? ' or by post:' : '.'}
      </p>
      {addresses.map((address) => (
        <address key={address}>{address}</address>
      ))}
    </>
  );
}

/** What we collect (#what-we-collect) */
export function WhatWeCollect({ name }: { name: string }) {
  return (
    <>
      <h3>Account</h3>
      <p>
        Your email address, username, display name, avatar, your age confirmation and your settings (for example your
        preferred chat language and whether explicit content is shown). If you sign in with a social provider we receive
        your email address and an identifier from that provider.
      </p>
      <h3>What you create and do</h3>
      <p>
        Your chats and their memories, the chatbots, personas, lorebooks and group chats you create, your favourites, likes
        and ratings, the creators you block, and the reports you send.
      </p>
      <h3>Payments</h3>
      <p>
        Cards and other payment methods are handled by payment providers; we never see or store your full card number.
        We keep your name, email, country, state and postal code for billing and taxes, your order and subscription
        identifiers, and a summary of the saved card (type, last 4 digits and expiry date). A fraud-prevention service
        receives a device session identifier during checkout.
      </p>
      <h3>Technical data</h3>
      <p>
        Your IP address and the country derived from it, browser and device information, a guest identifier if you use{' '}
        {name} without an account, and logs of requests and errors.
      </p>
    </>
  );
}

/** How we use it (#how-we-use-it) */
export function HowWeUseIt({ name }: { name: string }) {
  return (
    <ul>
      <li>To run the service: sign you in, save your chats and creations, and show you chatbots you may like.</li>
      <li>
        To generate replies: your messages, the character&apos;s definition and the relevant memories are sent to the AI
        model that writes the reply.
      </li>
      <li>To bill subscriptions, prevent fraud and meet tax and accounting duties.</li>
      <li>To keep {name} safe: moderation, handling reports, and enforcing the Community Guidelines.</li>
      <li>To answer support requests and send the emails you need (sign-in codes, receipts, important changes).</li>
      <li>To fix bugs and improve the service, using aggregated or de-identified data where we can.</li>
    </ul>
  );
}

/** Advertising (#advertising) */
export function Advertising() {
  return (
    <p>
      The free plan shows ads. When an ad is shown inside a chat, the last 10 messages of that conversation are sent to the
      ad service so it can choose a relevant ad. Paid plans show no ads, and nothing is sent to the ad service for them.
    </p>
  );
}

/** Who we share it with (#sharing) */
export function Sharing({ name }: { name: string }) {
  return (
    <>
      <p>We do not sell your personal data. We share it only with:</p>
      <ul>
        <li>Service providers that work for us: hosting, AI model providers, the sign-in provider, email, push notifications, payment providers and fraud prevention.</li>
        <li>The ad service, as described above, for free-plan users.</li>
        <li>A partner site, if you use {name} through one: it knows the user id it gave you.</li>
        <li>Authorities, when the law requires it or to protect people from serious harm.</li>
      </ul>
      <p>
        Your public chatbots, their creator name and your public profile are visible to everyone. Your chats are private.
      </p>
    </>
  );
}

/** Cookies and storage on your device (#on-your-device) */
export function OnYourDevice() {
  return (
    <ul>
      <li>A cookie with your country, so that prices and payment methods match where you are.</li>
      <li>Sign-in tokens, so that you stay signed in.</li>
      <li>
        Preferences kept in your browser: theme, safe or adult mode, side navigation state, chatbot drafts and dismissed
        banners.
      </li>
      <li>Checkout details you typed, kept for the browser session so that a reload does not lose them.</li>
    </ul>
  );
}

/** How long we keep it (#retention) */
export function Retention() {
  return (
    <p>
      We keep your data while your account exists. When you remove your account, your profile, chats and private creations
      are deleted; we keep only what the law requires us to keep (such as billing records) for as long as it requires.
      Guest chats are not saved.
    </p>
  );
}

/** Your choices and rights (#your-rights) */
export function YourRights() {
  return (
    <>
      <ul>
        <li>
          See and correct your details in your <Link to="/profile">profile</Link>, and remove your account there.
        </li>
        <li>Turn off push notifications in your browser or device settings.</li>
        <li>
          Ask us for a copy of your data, or to correct, restrict or delete it, by contacting <SupportLink />.
        </li>
      </ul>
      <p>
        Depending on where you live you may also object to some processing, and complain to your data protection
        authority.
      </p>
    </>
  );
}

/** Children (#children) */
export function Children({ name }: { name: string }) {
  return <p>{name} is for adults only. We do not knowingly collect data from anyone under 18; if we learn we have, we delete the account.</p>;
}

/** Security (#security) */
export function Security({ name }: { name: string }) {
  return (
    <p>
      Data travels encrypted, access inside {name} is limited to the people who need it, and card data stays with the
      payment providers. No system is perfectly secure: if a breach affects you, we will tell you as the law requires.
    </p>
  );
}

/** Changes (#changes) */
export function Changes() {
  return <p>When this policy changes, the date at the top changes too; for significant changes we let you know in the app or by email.</p>;
}
