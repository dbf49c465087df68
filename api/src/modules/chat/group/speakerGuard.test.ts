import { speakerGuard } from './speakerGuard';

/** Feeds the deltas; answers what went out, joined, and whether the reply was cut. */
function run(speaker: string, others: string[], deltas: string[]) {
  const guard = speakerGuard(speaker, others);
  let out = '';
  const pieces: string[] = [];
  for (const d of deltas) {
    const { text, cut } = guard.push(d);
    out += text;
    pieces.push(text);
    if (cut) return { out, cut: true, pieces };
  }
  out += guard.flush();
  return { out, cut: false, pieces };
}

describe('speakerGuard', () => {
  it('passes a reply in the speaker’s own voice through unchanged', () => {
    const r = run('Vale', ['Mira', 'Ada'], ['*Vale', ' lights', ' a', ' cigarette.*', '\n"Mira', ' is', ' right."']);
    expect(r).toMatchObject({ out: '*Vale lights a cigarette.*\n"Mira is right."', cut: false });
  });

  it('ends the reply where a line starts with another member’s or the user’s name and a colon', () => {
    expect(run('Vale', ['Mira', 'Ada'], ['Sit', ' down.', '\n', 'Mi', 'ra', ':', ' Thanks,', ' Vale.'])).toMatchObject({ out: 'Sit down.', cut: true });
    expect(run('Vale', ['Mira', 'Ada'], ['Fine.\n\n**ada**', ': no'])).toMatchObject({ out: 'Fine.', cut: true });
    expect(run('Vale', ['Captain Mira'], ['Right.\n Captain Mira :', ' aye'])).toMatchObject({ out: 'Right.', cut: true });
  });

  it('holds back only what could still become such a line, and lets it go once it cannot', () => {
    const r = run('Vale', ['Mira'], ['Look.', '\nMi', 'randa', ' came.']);
    expect(r.out).toBe('Look.\nMiranda came.');
    expect(r.pieces).toEqual(['Look.', '', '\nMiranda', ' came.']);
    expect(run('Vale', ['Mira'], ['Look.', '\nMira'])).toMatchObject({ out: 'Look.\nMira', cut: false });
  });

  it('drops the speaker’s own name at the start of the reply', () => {
    expect(run('Vale', ['Mira'], ['Va', 'le', ':', ' Sit', ' down.'])).toMatchObject({ out: 'Sit down.', cut: false });
    expect(run('Detective Vale', ['Mira'], ['**Detective Vale:** Sit.'])).toMatchObject({ out: '** Sit.' });
    expect(run('Vale', ['Mira'], ['Valerie', ' says hi'])).toMatchObject({ out: 'Valerie says hi' });
  });

  it('a reply that starts as another member is cut to nothing', () => {
    expect(run('Vale', ['Mira'], ['Mira:', ' hello'])).toMatchObject({ out: '', cut: true });
  });

  it('without others it only drops the own name', () => {
    expect(run('Vale', [], ['Vale: hi\nMira: yo'])).toMatchObject({ out: 'hi\nMira: yo', cut: false });
  });
});
