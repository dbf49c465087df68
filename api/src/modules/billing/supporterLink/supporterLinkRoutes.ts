import { billingFlowCalls, NO_ACTIVE_PLEDGE_SERVER_MESSAGE, SupporterLinkQuerySchema, type SupporterLinkResult } from '@fable/contracts';
import { z } from 'zod';
import { memberOf } from '../../../http/access';
import { AppError } from '../../../http/appError';
import type { ApiPlugin } from '../../../http/apiPlugin';
import { isSitePage } from '../providers/siteUrls';
import { linkAndGrant } from './grantSupporterTier';
import { claimAttempt, createAttempt, findAttempt, finishAttempt, openAttempt, type LinkAttempt } from './linkAttempts';
import { subscribeStarConfigOf } from './subscribeStarConfig';
import { authorizeUrl, exchangeCode, readSupporter, SupporterPlatformError } from './subscribeStarClient';

/** document 2 §8's words for a failed link; the details go to the log, not to the member. */
export const LINK_ERROR_MESSAGE = 'There was an error linking your account.';

const notConfigured = () => new AppError(503, 'link_failed', 'SubscribeStar linking is not available right now.');
const badRedirect = () => AppError.badRequest('redirect_url must be a page of this site.');

/** The oauth call's query: the contract's, plus the OAuth state (the transient link id) when the page passes it on. */
const LinkQuerySchema = SupporterLinkQuerySchema.extend({ state: z.string().min(16).max(128).optional() });

const answerOf = (attempt: Pick<LinkAttempt, 'status' | 'message' | 'tier'>): SupporterLinkResult => ({
  status: attempt.status,
  ...(attempt.message === null ? {} : { message: attempt.message }),
  ...(attempt.tier === null ? {} : { tier: attempt.tier }),
});

/**
 * SubscribeStar linking (document 2 §2 /link/subscribestar, §4 supporter link states, §7): authorize → the provider's
 * page with state = a new link attempt; oauth → exchange the code, read the pledge, link and grant the tier;
 * :transientId → the state of an attempt. See README.md.
 */
export const supporterLinkRoutes: ApiPlugin = async (app, { db, clock, config }) => {
  const subscribeStar = subscribeStarConfigOf(config);

  const authorize = billingFlowCalls.supporterAuthorize;
  app.get(
    authorize.path,
    { schema: { querystring: authorize.query, response: { 200: authorize.response } }, config: { access: authorize.access, writes: true } },
    async (request) => {
      const member = memberOf(request);
      if (!isSitePage(config, request.query.redirect_url)) throw badRedirect();
      if (!subscribeStar) throw notConfigured();
      const attempt = await createAttempt(db, member.userId, member.applicationId, request.query.redirect_url, clock.now());
      return { url: authorizeUrl(subscribeStar, request.query.redirect_url, attempt.id) };
    },
  );

  const link = billingFlowCalls.supporterLink;
  app.get(link.path, { schema: { querystring: LinkQuerySchema, response: { 200: link.response } }, config: { access: link.access, writes: true } }, async (request) => {
    const member = memberOf(request);
    const { subscribestar_code: code, redirect_url: redirectUrl, state } = request.query;
    if (!isSitePage(config, redirectUrl)) throw badRedirect();
    if (!subscribeStar) throw notConfigured();
    const attempt = await openAttempt(db, member.userId, member.applicationId, redirectUrl, state, clock.now());
    if (!attempt) return { status: 'error' as const, message: 'This link has expired or was not started here. Connect again.' };
    const claim = await claimAttempt(db, attempt.id, code);
    if (claim === 'replayed') return { status: 'error' as const, message: 'This SubscribeStar code was already used. Connect again.' };
    if (claim === 'taken') return { status: 'error' as const, message: 'This link is already being completed.' };

    const finish = async (outcome: Pick<LinkAttempt, 'status' | 'message' | 'tier'>) => {
      await finishAttempt(db, attempt.id, outcome, clock.now());
      return answerOf(outcome);
    };
    let supporter;
    try {
      supporter = await readSupporter(subscribeStar, await exchangeCode(subscribeStar, code, redirectUrl));
    } catch (error) {
      if (!(error instanceof SupporterPlatformError)) throw error;
      request.log.warn({ err: error, attempt: attempt.id }, 'SubscribeStar link failed');
      return finish({ status: 'error', message: LINK_ERROR_MESSAGE, tier: null });
    }
    if (!supporter.pledge?.active) return finish({ status: 'invalid_pledge', message: NO_ACTIVE_PLEDGE_SERVER_MESSAGE, tier: null });
    const granted = await linkAndGrant(
      db,
      { userId: member.userId, applicationId: member.applicationId, externalUserId: supporter.id, pledgeId: supporter.pledge.id, tierId: supporter.pledge.tierId },
      clock.now(),
    );
    if (!granted.ok) return finish({ status: 'error', message: granted.message, tier: null });
    return finish({ status: 'success', message: null, tier: granted.tier });
  });

  const transient = billingFlowCalls.supporterTransientLink;
  app.get(
    transient.path,
    { schema: { params: transient.params, response: { 200: transient.response } }, config: { access: transient.access } },
    async (request) => {
      const member = memberOf(request);
      const attempt = await findAttempt(db, request.params.transientId, member.userId, member.applicationId);
      if (!attempt) throw AppError.notFound('This link was not found.');
      return answerOf(attempt);
    },
  );
};
