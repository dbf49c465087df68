// The mock API (MSW): handlers per resource over an in-memory database, for the UI tests (msw/node, see
// @fable/shared/testing's mockApi) and each remote's standalone dev harness (msw/browser, startMockApi). Never part
// of a production bundle: the harness imports it only in development.
export { apiError, contractRoute, MOCK_ACCESS_PREFIX, type RouteInput } from './contractRoute';
export { createMockDb, seededMember, type MockDb, type MockDbSeed } from './mockDb';
export { resourceHandlers } from './handlers';
export { MOCK_REFRESH_TOKEN } from './resources/session';
export { mockReply } from './resources/chat';
export { checkoutMockState } from './resources/checkout';
export { MOCK_CATALOG_OPTIONS, MOCK_SALES, runningMockPromotions, setMockSale, type MockSale } from './resources/billingCatalog';
export { MOCK_AUTHENTICATE_CARD_TOKEN, MOCK_CHALLENGE_URL, MOCK_DECLINED_CARD_TOKEN, MOCK_SUPPORTER_CODES, MOCK_TRANSIENT_LINKS, setPortalScenario, type PortalScenario } from './resources/portal';
