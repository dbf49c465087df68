/**
 * The admission transitions as Redis Lua scripts: each runs atomically, so two API processes never give one slot
 * twice or lose a place. KEYS of every script: 1 waiting (zset entry → score), 2 seen (zset entry → deadline),
 * 3 running (zset entry → lease end), 4 access (zset user → until), 5 releases (zset "time:entry" → time).
 * ARGV 1..7 of every script: now, capacity, accessMs, reserveMs, turnLeaseMs, rateWindowMs, expiredKeepMs; the
 * script's own arguments follow. A lease that ran out counts as freed when it ended. memoryAdmissionStore.ts is the same, step for step.
 */

const SETTLE = `
local waiting, seen, running, access, releases = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local now = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local accessMs, reserveMs, turnLeaseMs = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local rateWindowMs, expiredKeepMs = tonumber(ARGV[6]), tonumber(ARGV[7])

local function settle()
  local ended = redis.call('ZRANGEBYSCORE', running, '-inf', now, 'WITHSCORES')
  for i = 1, #ended, 2 do
    redis.call('ZADD', releases, ended[i + 1], ended[i + 1] .. ':' .. ended[i])
  end
  redis.call('ZREMRANGEBYSCORE', running, '-inf', now)
  for _, entry in ipairs(redis.call('ZRANGEBYSCORE', seen, '-inf', now)) do
    redis.call('ZREM', waiting, entry)
  end
  redis.call('ZREMRANGEBYSCORE', seen, '-inf', now)
  redis.call('ZREMRANGEBYSCORE', releases, '-inf', now - rateWindowMs)
  redis.call('ZREMRANGEBYSCORE', access, '-inf', now - expiredKeepMs)
  local free = capacity - redis.call('ZCARD', running)
  while free > 0 do
    local head = redis.call('ZRANGE', waiting, 0, 0)[1]
    if not head then break end
    redis.call('ZREM', waiting, head)
    redis.call('ZREM', seen, head)
    if string.sub(head, 1, 2) == 'r:' then
      redis.call('ZADD', access, now + accessMs, string.sub(head, 3))
      redis.call('ZADD', running, now + reserveMs, head)
    else
      redis.call('ZADD', running, now + turnLeaseMs, head)
    end
    free = free - 1
  end
end

local function rate()
  local count = redis.call('ZCARD', releases)
  if count == 0 then return {0, 0} end
  local oldest = redis.call('ZRANGE', releases, 0, 0, 'WITHSCORES')[2]
  return {count, now - tonumber(oldest)}
end
`;

/** ARGV 8 user, 9 score, 10 roomStaleMs, 11 refresh (1/0). Answers {'access', until} | {'expired'} | {'waiting', position, releases, spanMs}. */
export const VISIT = `${SETTLE}
local user, score, roomStaleMs, refresh = ARGV[8], tonumber(ARGV[9]), tonumber(ARGV[10]), ARGV[11] == '1'
settle()
local untilScore = redis.call('ZSCORE', access, user)
if untilScore then
  if tonumber(untilScore) > now then return {'access', untilScore} end
  if not refresh then return {'expired'} end
  redis.call('ZREM', access, user)
end
local entry = 'r:' .. user
if not redis.call('ZSCORE', waiting, entry) then redis.call('ZADD', waiting, score, entry) end
redis.call('ZADD', seen, now + roomStaleMs, entry)
settle()
untilScore = redis.call('ZSCORE', access, user)
if untilScore and tonumber(untilScore) > now then return {'access', untilScore} end
local r = rate()
return {'waiting', redis.call('ZRANK', waiting, entry) + 1, r[1], r[2]}
`;

/** Answers {waiting, free, releases, spanMs}. */
export const PEEK = `${SETTLE}
settle()
local r = rate()
return {redis.call('ZCARD', waiting), math.max(0, capacity - redis.call('ZCARD', running)), r[1], r[2]}
`;

/** ARGV 8 user. */
export const LEAVE = `${SETTLE}
local entry = 'r:' .. ARGV[8]
redis.call('ZREM', waiting, entry)
redis.call('ZREM', seen, entry)
settle()
return 1
`;

/** ARGV 8 turn, 9 user ('' for none), 10 score, 11 turnStaleMs. Answers {'granted'} | {'waiting', position}. */
export const REQUEST_TURN = `${SETTLE}
local entry, user, score, turnStaleMs = 't:' .. ARGV[8], ARGV[9], tonumber(ARGV[10]), tonumber(ARGV[11])
settle()
if user ~= '' and redis.call('ZREM', running, 'r:' .. user) == 1 then
  redis.call('ZADD', running, now + turnLeaseMs, entry)
  return {'granted'}
end
redis.call('ZADD', waiting, score, entry)
redis.call('ZADD', seen, now + turnStaleMs, entry)
settle()
if redis.call('ZSCORE', running, entry) then return {'granted'} end
return {'waiting', redis.call('ZRANK', waiting, entry) + 1}
`;

/** ARGV 8 turn, 9 turnStaleMs. Answers {'granted'} | {'waiting', position} | {'lost'}. */
export const POLL_TURN = `${SETTLE}
local entry, turnStaleMs = 't:' .. ARGV[8], tonumber(ARGV[9])
local deadline = redis.call('ZSCORE', seen, entry)
if deadline and tonumber(deadline) > now then redis.call('ZADD', seen, now + turnStaleMs, entry) end
settle()
if redis.call('ZSCORE', running, entry) then return {'granted'} end
local rank = redis.call('ZRANK', waiting, entry)
if rank then return {'waiting', rank + 1} end
return {'lost'}
`;

/** ARGV 8 turn. Answers 1 when the lease was extended. */
export const RENEW_TURN = `${SETTLE}
local entry = 't:' .. ARGV[8]
local leaseEnd = redis.call('ZSCORE', running, entry)
if not leaseEnd or tonumber(leaseEnd) <= now then return 0 end
redis.call('ZADD', running, now + turnLeaseMs, entry)
return 1
`;

/** ARGV 8 turn. */
export const END_TURN = `${SETTLE}
local entry = 't:' .. ARGV[8]
if redis.call('ZREM', running, entry) == 1 then redis.call('ZADD', releases, now, now .. ':' .. entry) end
redis.call('ZREM', waiting, entry)
redis.call('ZREM', seen, entry)
settle()
return 1
`;
