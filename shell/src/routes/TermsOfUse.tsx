import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { BRAND_CONTACT, BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PLANS } from '@stitchhouse/shared/plans.ts';
import { PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { Prose } from '../features/layout/PageBlocks.tsx';
import * as styles from './Legal.module.css';

const UPDATED = '22 November 2026';

const SECTIONS = [
  ['accounts', 'Your account'],
  ['buying', 'Buying patterns'],
  ['licences', 'What a licence lets you do'],
  ['refunds', 'Cancellations and refunds'],
  ['selling', 'Selling on the marketplace'],
  ['fees', 'Fees and payouts'],
  ['shops', 'Shops, wholesale and in-shop sales'],
  ['content', 'What may not be listed'],
  ['ip', 'Copyright complaints'],
  ['liability', 'Liability'],
  ['ending', 'Suspension and closing accounts'],
  ['law', 'Changes and applicable law'],
] as const;

export default function TermsOfUse() {
  return (
    <>
      <PageHeading
        title="Terms of use"
        eyebrow="Legal"
        lead={`The agreement between you and ${BRAND_NAME} when you buy, sell or browse here, written to be read. Last updated ${UPDATED}.`}
      >
        Terms of use
      </PageHeading>
      <Prose>
        <nav aria-label="Sections of the terms" className={styles.toc}>
          <ol>
            {SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <p>
          {BRAND_NAME} is a marketplace. Designers sell their own patterns through it; we run the marketplace, take payments on their behalf and deliver the
          files. When you buy a pattern, the licence comes from its designer, and these terms set the rules everyone shares. Our{' '}
          <Link to={href('/legal/privacy-policy')}>privacy policy</Link> explains how we handle personal data.
        </p>

        <h2 id="accounts">1. Your account</h2>
        <ul>
          <li>You must be at least 16 to have an account, and old enough to enter a contract where you live to sell.</li>
          <li>Give a working e-mail address and keep your password to yourself. You are responsible for what happens under your account.</li>
          <li>One person may hold several roles (maker, designer, shop) on one account. A business account must be opened by someone allowed to act for it.</li>
          <li>Tell us at once at {BRAND_CONTACT.support} if you think someone else has used your account.</li>
        </ul>

        <h2 id="buying">2. Buying patterns</h2>
        <ul>
          <li>The price on the pattern page is the price you pay, plus any tax shown at checkout. Payment is by card through Stripe.</li>
          <li>A purchase is complete when the payment is confirmed. The pattern then appears in your library with every format the designer offers.</li>
          <li>Each file is stamped with your name and order number. Removing or hiding the stamp is not allowed.</li>
          <li>
            Downloads may be limited in number to stop abuse; the download page shows what remains. If you hit the limit for a good reason, write to us and we
            will reset it.
          </li>
          <li>When a designer publishes a new version of a pattern you own, you get it at no extra cost.</li>
        </ul>

        <h2 id="licences">3. What a licence lets you do</h2>
        <p>Every pattern states its licence on its page. Buying gives you a licence to use the pattern, not ownership of its copyright.</p>
        <h3>Personal licence</h3>
        <ul>
          <li>Print the pattern, at home or at a copy shop, as often as you need for your own use.</li>
          <li>Make items for yourself, your household and as gifts.</li>
          <li>You may not share, resell, upload or give away the pattern files or printouts, in whole or in part.</li>
        </ul>
        <h3>Small-business licence</h3>
        <ul>
          <li>Everything the personal licence allows, and you may sell finished items you make by hand.</li>
          <li>The designer may set a maximum number of items, shown on the pattern page; above it you need the designer’s permission.</li>
          <li>Credit the designer where they ask you to. You still may not share or sell the pattern itself.</li>
        </ul>

        <h2 id="refunds">4. Cancellations and refunds</h2>
        <ul>
          <li>
            <strong>Right of withdrawal.</strong> If you are a consumer in the EU or UK, you may cancel a purchase within 14 days as long as you have not
            downloaded it. At checkout you ask us to deliver at once and agree that downloading ends the right to cancel.
          </li>
          <li>
            <strong>Faulty patterns.</strong> If a pattern does not match its description (missing pieces, wrong sizes, a file that won’t open), report it from
            your library or to {BRAND_CONTACT.support} within 30 days. The designer has 7 days to fix it. If they can’t, you get a full refund.
          </li>
          <li>Refunds go back to the card you paid with. A refunded pattern is removed from your library.</li>
          <li>Nothing here limits the rights consumer law gives you.</li>
        </ul>

        <h2 id="selling">5. Selling on the marketplace</h2>
        <p>If you open a store, you promise that:</p>
        <ul>
          <li>you own the pattern or have the right to sell it, and it does not copy anyone else’s work;</li>
          <li>the description is accurate: sizes and size chart, finished measurements, fabric requirements, notions, formats, difficulty and language;</li>
          <li>the files open, print at the stated scale and contain what the description promises;</li>
          <li>you fix errors reported by buyers within 7 days or accept a refund, and you answer buyers’ questions passed on by us;</li>
          <li>you comply with the tax and consumer laws that apply to your business;</li>
          <li>you use buyers’ details only to support their orders, not for marketing they haven’t agreed to.</li>
        </ul>
        <p>
          You keep the copyright in your patterns. You give {BRAND_NAME} a non-exclusive licence to store, stamp, show and deliver them, and to use your covers
          and titles to promote your patterns on the marketplace, for as long as they are listed. Buyers keep access to patterns they bought even after you
          remove a listing.
        </p>

        <h2 id="fees">6. Fees and payouts</h2>
        <ul>
          <li>
            Our fees are those on the <Link to={href('/pricing')}>pricing page</Link> at the time of the sale. We collect payment from the buyer as your agent,
            keep the fee and pass your share to your Stripe Connect account.
          </li>
          <li>You need a verified Stripe account to receive payouts. Stripe’s own terms apply to it.</li>
          <li>If a sale is refunded or reversed, your share is reversed too, and we return our fee.</li>
          <li>
            The {PLANS.pro.name} plan is billed monthly or yearly in advance and renews until you cancel. After cancelling, it runs to the end of the paid
            period.
          </li>
          <li>We give at least 30 days’ notice by e-mail before any fee increase. It never applies to sales already made.</li>
        </ul>

        <h2 id="shops">7. Shops, wholesale and in-shop sales</h2>
        <ul>
          <li>
            Wholesale prices are available only to approved wholesale accounts. We may ask for proof of your business and refuse an application with a reason.
          </li>
          <li>
            A shop may print a pattern in the shop only as a licensed print, and must report every print or in-shop sale through the point-of-sale integration
            or a CSV upload, at the designer’s royalty price.
          </li>
          <li>Prints must be made at 100 % scale and sold complete, including the instructions.</li>
          <li>Point-of-sale API keys are secret; revoke a key at once if it may have leaked. Sales reported with your key count as your sales.</li>
        </ul>

        <h2 id="content">8. What may not be listed</h2>
        <ul>
          <li>Patterns you don’t have the rights to, including copies or close adaptations of someone else’s pattern.</li>
          <li>Content that is illegal, hateful, harassing, sexually explicit, or that glorifies violence.</li>
          <li>Files containing malware, or links that take buyers to pay elsewhere.</li>
          <li>Misleading listings, fake reviews, or prices that differ from what the files deliver.</li>
        </ul>
        <p>We may remove listings that break these rules and tell the store why.</p>

        <h2 id="ip">9. Copyright complaints</h2>
        <p>
          If you believe a listing copies your work, write to <a href={`mailto:${BRAND_CONTACT.legal}`}>{BRAND_CONTACT.legal}</a> with: your contact details;
          the work you own; the link to the listing; why it infringes; and a statement that the information is accurate and that you own the rights or act for
          the owner. We review every notice, take down infringing listings promptly and tell the store, which may send a counter-notice with its reasons. Stores
          that infringe repeatedly are closed.
        </p>

        <h2 id="liability">10. Liability</h2>
        <ul>
          <li>We work hard to keep {BRAND_NAME} available and your library safe, but we can’t promise the service will never be interrupted.</li>
          <li>
            Designers are responsible for their patterns. We are not liable for fabric or time lost on a faulty pattern beyond the refund described above,
            except where the law says otherwise.
          </li>
          <li>
            Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or any other liability that cannot be limited
            by law. Otherwise, our total liability to you is limited to the amounts you paid us, or we paid you, in the 12 months before the claim.
          </li>
        </ul>

        <h2 id="ending">11. Suspension and closing accounts</h2>
        <ul>
          <li>You can delete your account at any time from your account page.</li>
          <li>We may suspend or close an account that breaks these terms, after warning you where the breach can be fixed, and we will tell you why.</li>
          <li>If we ever close the marketplace, we will give at least 90 days’ notice so you can download everything in your library.</li>
        </ul>

        <h2 id="law">12. Changes and applicable law</h2>
        <p>
          We may update these terms. We will tell account holders by e-mail at least 30 days before a change that affects them takes effect. These terms are
          governed by the law of the country where {BRAND_NAME}’s operator is established. If you are a consumer, you keep the protection of the mandatory laws
          of the country where you live and may bring a claim there.
        </p>
        <p>
          Questions about these terms: <a href={`mailto:${BRAND_CONTACT.legal}`}>{BRAND_CONTACT.legal}</a>.
        </p>
      </Prose>
    </>
  );
}
