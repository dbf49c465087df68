-- One conversation, one chain (issue 11 §2): the lease of the turn writing in a conversation. A turn (message,
-- regenerate, continue, alternate pick) claims it with a conditional update (free, or its holder's time is up),
-- renews it while the reply streams and clears it in the statement that saves the reply; its writes only land
-- while turn_token is still its own. A removal is refused while a lease is live. turn_until lets a conversation
-- whose API process died mid-turn be written again.
alter table conversations
  add column turn_token text,
  add column turn_until timestamptz;
