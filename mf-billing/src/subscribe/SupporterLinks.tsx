import { Link, selectBrand, selectDeployment, useAppSelector } from '@fable/shared';
import { brandSlug, platformsFor, viewerRegion } from './supporterPlatforms';
import { SUBSCRIBE_TEXTS as T } from './subscribeTexts';

/**
 * Links to the supporter platforms (document 2 §2, §6): SubscribeStar and Boosty, for the main brand only (the
 * deployment's kind), a third platform for viewers from RU; and the way to link a SubscribeStar pledge to the account.
 */
export function SupporterLinks({ region = viewerRegion() }: { region?: string | null }) {
  const deployment = useAppSelector(selectDeployment);
  const brand = useAppSelector(selectBrand);
  if (deployment?.kind !== 'main' || !brand) return null;
  const slug = brandSlug(brand.name);
  return (
    <div data-testid="supporter-platforms">
      <h3>{T.supportersTitle}</h3>
      <p>
        {T.supporters}{' '}
        {platformsFor(region).map((platform, index, all) => (
          <span key={platform.id}>
            <a href={platform.url(slug)} target="_blank" rel="noopener noreferrer">
              {platform.name}
            </a>
            {index < all.length - 2 ? ', ' : index === all.length - 2 ? ' or ' : ''}
          </span>
        ))}
      </p>
      <Link to="/link/subscribestar">{T.supporterLink}</Link>
    </div>
  );
}
