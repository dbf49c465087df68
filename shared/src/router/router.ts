// The routing API remotes use, re-exported from the one react-router the host's router runs on.
// react-router is not a federation share on its own: a shared module is bundled whole (61 KB gzip),
// while re-exported here it is tree-shaken to what the apps use (docs/adr/0002-lean-shared-runtime.md).
// Remotes import routing from @fable/shared; the lint rule forbids importing react-router directly.
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  MemoryRouter,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
  useBlocker,
  generatePath,
} from 'react-router';
export type { LinkProps, NavLinkProps, NavigateFunction, Location } from 'react-router';
