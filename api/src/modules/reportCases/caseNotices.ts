import type { CaseDecision } from '@fable/contracts';

/** What creators and reporters are told of a report case and an appeal (notification titles and bodies; ours). */
export const CASE_NOTICES = {
  creatorTitle: (decision: Exclude<CaseDecision, 'dismiss'>, name: string) =>
    decision === 'take_down' ? `Your chatbot ${name} was taken down after reports` : `Your chatbot ${name} needs fixes after reports`,
  creatorBody: (decision: Exclude<CaseDecision, 'dismiss'>, reasons: readonly string[]) =>
    `${reasons.join('\n')}\n\n${decision === 'take_down' ? 'It is now private for good.' : 'It is unpublished until you fix it and submit it again.'} You can appeal this decision once.`,
  reporterTitle: (name: string) => `Your report about ${name}`,
  reporterBody: (decision: CaseDecision) =>
    decision === 'dismiss'
      ? 'We reviewed it and found nothing against our guidelines. Thank you for telling us.'
      : decision === 'take_down'
        ? 'We reviewed it and took the chatbot down. Thank you for telling us.'
        : 'We reviewed it and asked the creator to fix the chatbot. Thank you for telling us.',
  appealTitle: (outcome: 'upheld' | 'reversed', name: string) =>
    outcome === 'reversed' ? `Your appeal for ${name} was granted` : `Your appeal for ${name} was not granted`,
} as const;
