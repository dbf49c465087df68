import { selectFlag, selectUser, useAppSelector } from '@fable/shared';
import { selectValentineOffered } from '@fable/shared/promotions';
import { UsernamePrompt } from './UsernamePrompt';
import { ValentinePromo } from './ValentinePromo';

/**
 * What home tells a signed-in member above the listing (its own chunk, loaded for members only): the username-setup
 * prompt without a username where onboarding v2 is off, and the Valentine promo behind its flag for members not on
 * premium (document 1 §2 "Home", §6 "Feature flags").
 */
export default function HomeNotices() {
  const user = useAppSelector(selectUser);
  const onboardingV2 = useAppSelector((s) => selectFlag(s, 'onboarding_v2'));
  const valentine = useAppSelector(selectValentineOffered);
  if (!user) return null;
  return (
    <>
      {!user.username && !onboardingV2 ? <UsernamePrompt /> : null}
      {valentine ? <ValentinePromo /> : null}
    </>
  );
}
