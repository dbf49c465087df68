import styled from '@emotion/styled';
import { useId, useMemo, useRef, useState } from 'react';
import type { AdminBanner } from '@fable/contracts';
import { apiErrorOf, apiErrorMessage, Button, Modal, useNotify } from '@fable/shared';
import { Form, useZodForm } from '@fable/shared/forms';
import { useAccount_createBannerMutation, useAccount_updateBannerMutation } from './adminBannersApi';
import { ADMIN_BANNERS_TEXTS as T } from './adminBannersTexts';
import { BannerAudienceFields } from './BannerAudienceFields';
import { BannerContentFields } from './BannerContentFields';
import { bannerFormSchema, bannerValuesOf, emptyBannerValues, fieldOfPath, type BannerDraftBody } from './bannerForm';
import { BannerPreview } from './BannerPreview';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  .section {
    display: flex;
    flex-direction: column;
    gap: 14px;
    margin: 0;
    padding: 14px;
    min-width: 0;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  .section > legend {
    padding: 0 6px;
    font-weight: 700;
  }
  .row {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 12px;
    align-items: start;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    .row {
      grid-template-columns: 1fr;
    }
  }
  .check {
    align-self: center;
  }
  input[type='color'] {
    height: 44px;
    padding: 4px;
    cursor: pointer;
  }
  .error {
    margin: 0;
    color: ${({ theme }) => theme.colors.error};
  }
`;

type ApiIssue = { path?: unknown; message?: unknown };

/**
 * The banner form in a dialog: a new banner (POST) or one not ended yet (PUT). The schema's messages and the API's
 * validation issues show next to their fields, other refusals (ended meanwhile, gone) above the buttons. Saving is
 * sent once however often Save is pressed.
 */
export function BannerFormModal({ banner, onClose }: { banner: AdminBanner | null; onClose: () => void }) {
  const formId = useId();
  const notify = useNotify();
  const schema = useMemo(() => bannerFormSchema(banner ?? undefined), [banner]);
  const form = useZodForm(schema, { defaultValues: banner ? bannerValuesOf(banner) : emptyBannerValues() });
  const [create, creating] = useAccount_createBannerMutation();
  const [update, updating] = useAccount_updateBannerMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef(false);
  const busy = creating.isLoading || updating.isLoading || form.formState.isSubmitting;

  const refused = (error: unknown) => {
    const issues = ((apiErrorOf(error).details as { issues?: ApiIssue[] } | undefined)?.issues ?? []).filter(
      (i): i is { path: string; message: string } => typeof i.path === 'string' && i.path.startsWith('body.') && typeof i.message === 'string',
    );
    for (const issue of issues) form.setError(fieldOfPath(issue.path.slice('body.'.length).split('.')), { message: issue.message });
    if (issues.length === 0) setFailure(apiErrorMessage(error));
  };

  const save = async (draft: BannerDraftBody) => {
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    try {
      const answer = banner ? await update({ bannerId: banner.id, body: { ...draft, updated_at: banner.updated_at } }) : await create(draft);
      if ('error' in answer) {
        refused(answer.error);
        return;
      }
      notify.success(banner ? T.saved : T.created);
      onClose();
    } finally {
      sending.current = false;
    }
  };

  const title = banner ? T.editTitle : T.createTitle;
  return (
    <Modal
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size="lg"
      closeOnBackdropClick={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {banner ? T.save : T.create}
          </Button>
        </>
      }
    >
      <Form form={form} onSubmit={save} id={formId} aria-label={title}>
        <Layout>
          <BannerPreview />
          <BannerContentFields />
          <BannerAudienceFields />
          {failure ? (
            <p className="error" role="alert">
              {failure}
            </p>
          ) : null}
        </Layout>
      </Form>
    </Modal>
  );
}
