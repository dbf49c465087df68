/** The e2e site: host on this port, remotes on +1…+5, the API on +99, the control server on +98, the payments sandbox on +97, the site's metrics on +96. */
export const SITE_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4300);
export const API_PORT = SITE_PORT_BASE + 99;
export const CONTROL_PORT = SITE_PORT_BASE + 98;
export const PAYMENTS_SANDBOX_PORT = SITE_PORT_BASE + 97;
export const SITE_METRICS_PORT = SITE_PORT_BASE + 96;
