/** The admin pages, one chunk: the list and a member's page (admins only; off everyone else's load). */
export { AdminUsersPage } from './AdminUsersPage';
export { AdminUserPage } from './AdminUserPage';
