import styled from '@emotion/styled';
import { useEffect, useMemo, useState } from 'react';
import type { CharacterCardImport, StoredImage } from '@fable/contracts';
import { apiErrorOf, EmptyState, NotFoundPage, selectUser, Spinner, useAppSelector, useNotify, useParams } from '@fable/shared';
import { useCreator_getMyChatbotQuery } from '../creatorApi';
import { CardImport } from './CardImport';
import { ChatbotForm } from './ChatbotForm';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import { emptyChatbot, valuesFrom, valuesOf } from './chatbotValues';
import { useCreateV2 } from './chatbotFormVariant';
import { claimGuestDraft, getDraft, GUEST_DRAFT_OWNER, listDrafts } from './drafts';
import { ExportCard } from './ExportCard';
import { ImportReport } from './ImportReport';
import { ModerationBanner } from './ModerationBanner';
import { useImageUpload } from './useImageUpload';
import { FormPage } from '../ui/creatorFormLayout';

/** The chatbot form's page: the creator forms' column, with the creation guide's note. */
const Page = styled(FormPage)`
  details {
    padding: 12px 16px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  summary {
    cursor: pointer;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.primaryText};
  }
  .guest-title {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: 1.4rem;
  }
  .guest-kept {
    margin: -8px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  details ul {
    margin: 10px 0 0;
    padding-left: 20px;
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The creation guide linked beside the title (document 1 §2), as an expandable note on the page itself. */
function CreationGuide() {
  return (
    <details>
      <summary>{T.guideSummary}</summary>
      <ul>
        {T.guide.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}

/** A Blob of base64 bytes (a card's picture as the import answers it). */
function base64Blob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * The draft of /chatbot/create/{draftId}: the member's, or one they made signed out on this device (anonymous_create)
 * and signed up for, which becomes theirs once shown; a guest's own. Read once per draft id: the form owns the values
 * afterwards.
 */
function useNewChatbotDraft(guest: boolean) {
  const user = useAppSelector(selectUser);
  const { draftId } = useParams();
  const owner = guest ? GUEST_DRAFT_OWNER : (user?.id ?? null);
  const draft = useMemo(() => {
    if (!draftId || !owner) return null;
    return getDraft(owner, draftId) ?? (guest ? null : getDraft(GUEST_DRAFT_OWNER, draftId));
  }, [draftId, owner, guest]);
  const fromGuest = !guest && draft !== null && draft.creator_user_id === GUEST_DRAFT_OWNER;
  useEffect(() => {
    if (fromGuest && user && draftId) claimGuestDraft(user, draftId);
  }, [fromGuest, user, draftId]);
  return { draftId, draft };
}

/**
 * A new chatbot: empty, or the draft of /chatbot/create/{draftId}; a signed-in creator's, or a guest's where the
 * application lets guests fill the form in (`guest`: under the page's hero, so its title is an h2).
 */
export function NewChatbot({ guest = false }: { guest?: boolean }) {
  const { draftId, draft } = useNewChatbotDraft(guest);
  const v2 = useCreateV2();
  const [imported, setImported] = useState<{ card: CharacterCardImport; filename: string; count: number; avatar: StoredImage | null } | null>(null);
  const { upload, uploading } = useImageUpload();
  const notify = useNotify();
  // The card's picture becomes the avatar through the same upload as any picture (re-encoded, presets).
  const onImported = async (card: CharacterCardImport, file: File) => {
    let avatar: StoredImage | null = null;
    if (card.avatar) {
      const answer = await upload(base64Blob(card.avatar.data_base64, card.avatar.content_type));
      if ('error' in answer) notify.warning(answer.error);
      else avatar = answer.image;
    }
    setImported((last) => ({ card, filename: file.name, count: (last?.count ?? 0) + 1, avatar }));
  };
  // Card import is the v2 form's, and is read by the API: not for a guest.
  const cardImport = v2 && !guest;
  return (
    <Page>
      {guest ? <h2 className="guest-title">{T.createTitle}</h2> : <h1>{T.createTitle}</h1>}
      {guest ? <p className="guest-kept">{T.guestKept}</p> : null}
      <CreationGuide />
      {cardImport ? <CardImport onImported={(card, file) => void onImported(card, file)} busy={uploading} /> : null}
      {cardImport && imported ? <ImportReport card={imported.card} filename={imported.filename} /> : null}
      <ChatbotForm
        key={imported ? `import-${imported.count}` : (draftId ?? 'new')}
        saved={null}
        initial={
          imported
            ? valuesFrom(imported.card.character, imported.avatar ? { avatar_url: imported.avatar.avatar_url, avatar_is_nsfw: imported.avatar.is_nsfw } : {})
            : (draft?.values ?? emptyChatbot())
        }
        draftId={draft ? draftId : undefined}
        cardExtras={imported?.card.card_extras}
        guest={guest}
      />
    </Page>
  );
}

/**
 * /chatbot/edit/{id} and /edit/{id}: the Chatbot Editor for its creator; anyone else is told they may not; a chatbot
 * that does not exist is the 404 page.
 */
export function EditChatbotPage() {
  const { characterId = '' } = useParams();
  const user = useAppSelector(selectUser);
  // A draft kept from this editor (or of a chatbot that needs fixes) opens with the editor; saving removes it.
  const draft = useMemo(() => (user ? (listDrafts(user.id).find((d) => d.character_id === characterId) ?? null) : null), [user, characterId]);
  const { data, error, isLoading } = useCreator_getMyChatbotQuery(characterId, { skip: !characterId });
  if (isLoading) return <Spinner label={T.loading} center />;
  if (error || !data) {
    const info = apiErrorOf(error);
    if (info.status === 404) return <NotFoundPage />;
    return (
      <Page>
        <EmptyState headingLevel={1} title={info.status === 403 ? T.notAllowed : (info.message ?? T.notAllowed)} />
      </Page>
    );
  }
  return (
    <Page>
      <h1>{T.editTitle}</h1>
      <ModerationBanner report={data.moderationReport ?? null} characterId={data.id} visibility={data.visibility} />
      <ExportCard characterId={data.id} />
      <ChatbotForm key={`${data.id}:${data.updatedAt ?? ''}`} saved={data} initial={valuesOf(data)} draftId={draft?.id} restored={draft?.values} />
    </Page>
  );
}
