import styled from '@emotion/styled';
import { useState } from 'react';
import { apiErrorMessage, Button, Modal, Spinner, useNavigate, useNotify } from '@fable/shared';
import { useInferenceSettings } from './inferenceSettings';
import { useChat_modelsQuery, type ChatModel } from './settingsApi';
import { SUBSCRIBE_PATH } from '../subscribePath';

/** Texts of the model selection modal: "Switched to {model}" is the spec's (document 1 §8), the rest ours. */
export const MODEL_SELECT_TEXTS = {
  title: 'Select Model',
  save: 'Save',
  upgrade: 'Upgrade',
  cancel: 'Cancel',
  switchedTo: (model: string) => `Switched to ${model}`,
  demo: 'Demo',
  demoNote: 'A built-in demo model: no AI engine is configured.',
  locked: 'Upgrade to use',
  loadError: 'We could not load the models.',
  retry: 'Retry',
  empty: 'No models available.',
} as const;

/** Models the user may see: locked ones stay (disabled) unless hide_unauthorized (document 1 §5). */
export function visibleModels(models: readonly ChatModel[]): ChatModel[] {
  return models.filter((model) => model.available || !model.hide_unauthorized);
}

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Option = styled.label<{ $locked: boolean; $checked: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 10px;
  align-items: start;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.primarySoft : theme.colors.surface)};
  opacity: ${({ $locked }) => ($locked ? 0.65 : 1)};
  cursor: pointer;
  input {
    margin-top: 4px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

const Name = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
  font-weight: 600;
`;

const Meta = styled.span`
  grid-column: 2;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Badge = styled.span`
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.75rem;
  font-weight: 600;
`;

/**
 * Model selection (document 1 §2 modals, §5): GET /api/chat/models; models needing a permission the user lacks are
 * disabled (hidden when hide_unauthorized); choosing one turns the button into Upgrade, which goes to /subscribe.
 * The choice is kept in inferenceSettings.model; toast "Switched to {model}".
 */
export function ModelSelectModal(props: { open: boolean; onClose: () => void }) {
  // The choice lives only while it is open: each opening starts on the current model.
  return props.open ? <OpenModelSelectModal {...props} /> : null;
}

function OpenModelSelectModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const models = useChat_modelsQuery(undefined, { skip: !open });
  const { settings, save, saving, loading } = useInferenceSettings();
  const list = visibleModels(models.data?.models ?? []);
  const current = list.some((m) => m.id === settings.model) ? settings.model : models.data?.default_model;
  // A pick is kept with the current model it was made against: when that changes (the list loads), it starts again.
  const [picked, setPicked] = useState<{ from: string | undefined; id: string } | null>(null);
  const selected = picked && picked.from === current ? picked.id : current;

  const chosen = list.find((m) => m.id === selected);
  const locked = chosen !== undefined && !chosen.available;

  const submit = async () => {
    if (!chosen) return;
    if (locked) {
      onClose();
      navigate(SUBSCRIBE_PATH);
      return;
    }
    try {
      await save({ ...settings, model: chosen.id });
      notify.success(MODEL_SELECT_TEXTS.switchedTo(chosen.name));
      onClose();
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };

  let body;
  if (models.isLoading || loading) body = <Spinner label="Loading" center />;
  else if (models.isError)
    body = (
      <div role="alert">
        <p>{MODEL_SELECT_TEXTS.loadError}</p>
        <Button variant="secondary" onClick={() => void models.refetch()}>
          {MODEL_SELECT_TEXTS.retry}
        </Button>
      </div>
    );
  else if (list.length === 0) body = <p>{MODEL_SELECT_TEXTS.empty}</p>;
  else
    body = (
      <List role="radiogroup" aria-label={MODEL_SELECT_TEXTS.title}>
        {list.map((model) => (
          <Option key={model.id} $locked={!model.available} $checked={model.id === selected}>
            <input type="radio" name="chat-model" value={model.id} checked={model.id === selected} onChange={() => setPicked({ from: current, id: model.id })} />
            <Name>
              {model.name}
              {model.size ? <Badge>{model.size}</Badge> : null}
              <Badge>{model.tokens}</Badge>
              {model.tag ? <Badge>{model.tag}</Badge> : null}
              {model.demo ? <Badge>{MODEL_SELECT_TEXTS.demo}</Badge> : null}
              {!model.available ? <Badge>{MODEL_SELECT_TEXTS.locked}</Badge> : null}
            </Name>
            {model.description || model.demo ? <Meta>{model.demo ? MODEL_SELECT_TEXTS.demoNote : model.description}</Meta> : null}
          </Option>
        ))}
      </List>
    );

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={MODEL_SELECT_TEXTS.title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {MODEL_SELECT_TEXTS.cancel}
          </Button>
          <Button onClick={() => void submit()} disabled={!chosen || (!locked && chosen.id === current)} loading={saving}>
            {locked ? MODEL_SELECT_TEXTS.upgrade : MODEL_SELECT_TEXTS.save}
          </Button>
        </>
      }
    >
      {body}
    </Modal>
  );
}

export default ModelSelectModal;
