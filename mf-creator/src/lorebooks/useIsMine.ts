import { selectUser, useAppSelector } from '@fable/shared';
import { useLorebook_mineQuery } from './lorebookApi';

/**
 * Whether the signed-in member made this lorebook: it is in their own list (a lorebook names its creator by username,
 * which a member may change; their list is theirs whatever it is). null while the list loads; false for guests.
 */
export function useIsMine(lorebookId: string): boolean | null {
  const user = useAppSelector(selectUser);
  const mine = useLorebook_mineQuery(undefined, { skip: !user });
  if (!user) return false;
  if (mine.isLoading) return null;
  return mine.data?.some((l) => l.id === lorebookId) ?? false;
}
