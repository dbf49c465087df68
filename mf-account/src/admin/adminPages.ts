/** The admin pages, one chunk: members, a member's page and banners (admins only; off everyone else's load). */
export { AdminUsersPage } from './AdminUsersPage';
export { AdminUserPage } from './AdminUserPage';
export { AdminBannersPage } from './AdminBannersPage';
