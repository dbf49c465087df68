import { useState } from 'react';
import type { CaseDecision, ReportCase } from '@fable/contracts';
import { apiErrorMessage, Button, Link, useNotify } from '@fable/shared';
import { DecisionDialog } from './DecisionDialog';
import { Card } from './ModerationItem';
import { useCreator_decideCaseMutation, useCreator_muteReporterMutation } from './reportCasesApi';
import { REPORT_CASE_TEXTS as T } from './reportCaseTexts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A reported chatbot: its reports merged (count, issue types, what reporters ask for, their latest words), how long the
 * oldest has waited against the 7-day promise, and the decisions — Dismiss, Require fix, Take down (each asks for the
 * statement of reasons but Dismiss) — and a way to restrict its creator.
 */
export function ReportCaseItem({ item, now }: { item: ReportCase; now: number }) {
  const [asking, setAsking] = useState<CaseDecision | null>(null);
  const [decide] = useCreator_decideCaseMutation();
  const [muteReporter] = useCreator_muteReporterMutation();
  const notify = useNotify();
  const mute = async (userId: string, username: string) => {
    const result = await muteReporter({ userId, muted: true });
    if ('error' in result) notify.error(apiErrorMessage(result.error));
    else notify.success(T.muted(username));
  };
  const { character } = item;
  const waited = Math.floor((now - Date.parse(item.oldest_at)) / DAY_MS);
  const left = Math.floor((Date.parse(item.due_at) - now) / DAY_MS);
  const send = async (decision: CaseDecision, reasons: string[], note: string) => {
    const result = await decide({ characterId: character.id, body: { decision, reasons, ...(note ? { note } : {}) } });
    if ('error' in result) return apiErrorMessage(result.error);
    notify.success(T.decided[decision]);
    setAsking(null);
    return null;
  };
  return (
    <Card aria-labelledby={`case-${character.id}`}>
      <header>
        <div>
          <h2 id={`case-${character.id}`}>
            <Link to={`/chatbot/${character.id}`}>{character.name}</Link>
          </h2>
          <p className="meta">
            {T.byCreator} @{character.creator_username ?? 'unknown'} · {T.reports(item.reports)} · {T.waiting(waited)} ·{' '}
            {item.overdue ? <strong>{T.overdue(-left)}</strong> : T.dueIn(left)}
          </p>
        </div>
      </header>
      <p className="meta">
        {item.issue_types.map((i) => `${i.type} ×${i.count}`).join(' · ')} — {T.wish}{' '}
        {item.expected_resolutions.map((e) => `${T.wishes[e.resolution] ?? e.resolution} (${e.count})`).join(', ')}
      </p>
      <ul className="title">
        {item.details.map((d, i) => (
          <li key={i}>{d}</li>
        ))}
      </ul>
      <dl>
        <dt>{T.reportedBy}</dt>
        {item.reporters.map((r) => (
          <dd key={r.user_id}>
            @{r.username ?? r.user_id} · {T.dismissedBefore(r.dismissed)}{' '}
            {r.dismissed > 0 ? (
              <Button size="sm" variant="secondary" onClick={() => void mute(r.user_id, r.username ?? r.user_id)}>
                {T.mute(r.username ?? r.user_id)}
              </Button>
            ) : null}
          </dd>
        ))}
        {item.guests > 0 ? <dd>{T.guests(item.guests)}</dd> : null}
      </dl>
      <div className="actions">
        <Button variant="secondary" onClick={() => void send('dismiss', [], '')}>
          {T.decisions.dismiss}
        </Button>
        <Button onClick={() => setAsking('require_fix')}>{T.decisions.require_fix}</Button>
        <Button variant="danger" onClick={() => setAsking('take_down')}>
          {T.decisions.take_down}
        </Button>
        <Link to={`/admin/users/${character.creator_user_id}`}>{T.restrictCreator}</Link>
      </div>
      {asking ? (
        <DecisionDialog
          title={T.dialogTitle(asking, character.name)}
          reasonsRequired={asking !== 'dismiss'}
          onSend={(reasons, note) => send(asking, reasons, note)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Card>
  );
}
