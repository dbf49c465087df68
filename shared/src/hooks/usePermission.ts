import type { Permission } from '@fable/contracts';
import { selectPermissions } from '../session/sessionSlice';
import { useAppSelector } from '../store/hooks';

/** Whether `held` has every one of `required` (one permission or a list; an empty list is always held). */
export function hasPermissions(held: readonly Permission[], required: Permission | readonly Permission[]): boolean {
  const list: readonly Permission[] = typeof required === 'string' ? [required] : required;
  return list.every((p) => held.includes(p));
}

/**
 * Whether the session holds the permission (or every permission of a list), read from the store's
 * session permissions (document 1 §6). False while the permissions are still loading.
 */
export function usePermission(permission: Permission | readonly Permission[]): boolean {
  const held = useAppSelector(selectPermissions);
  return hasPermissions(held, permission);
}
