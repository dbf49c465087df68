-- A conversation's memory revision (issue 26): bumped in the same transaction by every insert, delete, or change of
-- a memory's content, pin or version, so a chat turn reads the conversation's memories only when they changed since
-- its process last read them (modules/memories/recall/conversationMemories.ts). Storing a memory's vector is no change.
alter table conversations add column memories_rev integer not null default 0;

create function memories_bump_revision() returns trigger
language plpgsql
as $$
begin
  if tg_op = 'INSERT' then
    update conversations c set memories_rev = c.memories_rev + 1
     where c.id in (select distinct conversation_id from new_rows);
  elsif tg_op = 'DELETE' then
    update conversations c set memories_rev = c.memories_rev + 1
     where c.id in (select distinct conversation_id from old_rows);
  else
    update conversations c set memories_rev = c.memories_rev + 1
     where c.id in (select distinct n.conversation_id from new_rows n join old_rows o on o.id = n.id
                     where (n.content, n.is_pinned, n.updated_at, n.conversation_id) is distinct from (o.content, o.is_pinned, o.updated_at, o.conversation_id));
  end if;
  return null;
end;
$$;

create trigger memories_revision_insert after insert on memories
  referencing new table as new_rows for each statement execute function memories_bump_revision();
create trigger memories_revision_delete after delete on memories
  referencing old table as old_rows for each statement execute function memories_bump_revision();
create trigger memories_revision_update after update on memories
  referencing old table as old_rows new table as new_rows for each statement execute function memories_bump_revision();
