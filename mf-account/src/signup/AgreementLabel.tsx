import { Link } from '@fable/shared';

/** A checkbox's label that agrees to a document: the text, then the document's link (opened in a new tab). */
export function AgreementLabel({ before, link, to }: { before: string; link: string; to: string }) {
  return (
    <>
      {before}
      <Link to={to} target="_blank">
        {link}
      </Link>
    </>
  );
}
