import { useState } from 'react';
import { selectAuthStatus, signInRequested, useAppDispatch, useAppSelector, useNavigate } from '@fable/shared';
import { checkoutLink } from '../plans/plans';
import { isInApp, useBilling_profileQuery } from './subscribeApi';

/**
 * What picking a plan does (document 2 §2, §6): a guest gets the host's sign-up dialog (signInRequested, coming back
 * to the checkout of that plan), a member who subscribed in the mobile app the device-switch modal, any other member
 * the checkout with that plan.
 */
export function useChoosePlan() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectAuthStatus) === 'authenticated';
  const profile = useBilling_profileQuery(undefined, { skip: !signedIn });
  const inApp = signedIn && isInApp(profile.data?.subscription);
  const [deviceSwitchOpen, setDeviceSwitchOpen] = useState(false);

  const choose = (planId: string, offerId?: string | null) => {
    const path = checkoutLink(planId, offerId);
    if (!signedIn) dispatch(signInRequested({ returnTo: path }));
    else if (inApp) setDeviceSwitchOpen(true);
    else navigate(path);
  };
  return {
    choose,
    signedIn,
    profile,
    inApp,
    deviceSwitch: { open: deviceSwitchOpen, show: () => setDeviceSwitchOpen(true), close: () => setDeviceSwitchOpen(false) },
  };
}
