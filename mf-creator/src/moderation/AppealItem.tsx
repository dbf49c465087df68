import { useState } from 'react';
import type { Appeal } from '@fable/contracts';
import { apiErrorMessage, Button, Link, useNotify } from '@fable/shared';
import { DecisionDialog } from './DecisionDialog';
import { Card } from './ModerationItem';
import { useCreator_decideAppealMutation } from './reportCasesApi';
import { REPORT_CASE_TEXTS as T } from './reportCaseTexts';

/** An appeal: the decision appealed with its reasons, the creator's words, and Uphold / Reverse (with why). */
export function AppealItem({ item }: { item: Appeal }) {
  const [asking, setAsking] = useState<'upheld' | 'reversed' | null>(null);
  const [decide] = useCreator_decideAppealMutation();
  const notify = useNotify();
  const send = async (outcome: 'upheld' | 'reversed', reason: string) => {
    const result = await decide({ appealId: item.id, body: { outcome, reason } });
    if ('error' in result) return apiErrorMessage(result.error);
    notify.success(T.appealDecided);
    setAsking(null);
    return null;
  };
  return (
    <Card aria-labelledby={`appeal-${item.id}`}>
      <header>
        <div>
          <h2 id={`appeal-${item.id}`}>
            <Link to={`/chatbot/${item.character.id}`}>{item.character.name}</Link>
          </h2>
          <p className="meta">
            {T.status[item.status]} · {T.appealed}: {T.actions[item.decision.action] ?? item.decision.action}, {T.decidedBy(item.decision.decided_by)}
          </p>
        </div>
      </header>
      <ul className="title">
        {item.decision.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <dl>
        <dt>{T.statement}</dt>
        <dd>{item.statement}</dd>
        {item.outcome_reason ? (
          <>
            <dt>{T.status[item.status]}</dt>
            <dd>{item.outcome_reason}</dd>
          </>
        ) : null}
      </dl>
      {item.status === 'open' ? (
        item.you_may_decide ? (
          <div className="actions">
            <Button variant="secondary" onClick={() => setAsking('upheld')}>
              {T.uphold}
            </Button>
            <Button onClick={() => setAsking('reversed')}>{T.reverse}</Button>
          </div>
        ) : (
          <p className="meta">{T.anotherAdmin}</p>
        )
      ) : null}
      {asking ? (
        <DecisionDialog
          title={`${asking === 'reversed' ? T.reverse : T.uphold}: ${item.character.name}`}
          reasonsLabel={T.outcomeReason}
          reasonsRequired
          withNote={false}
          onSend={(reasons) => send(asking, reasons.join('\n'))}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Card>
  );
}
