import { useEffect, useRef, useState, type Dispatch } from 'react';
import { apiErrorMessage, selectPermissions, useAppSelector, useNotify } from '@fable/shared';
import { imageButtonAction, type CharacterProfile, type ImageButtonAction } from '@fable/contracts';
import type { ChatModal } from '../chatModals';
import type { ChatViewAction } from '../conversationState';
import { useChat_drawImageMutation } from './conversationImagesApi';
import { useImageSettings } from './imageSettings';

export interface ConversationImages {
  /** What the image button does (document 1 §6). */
  action: ImageButtonAction;
  /** Drawing needs a saved conversation (a new chat's first message comes first); the prompts and training do not. */
  available: boolean;
  onButton: () => void;
  /** The image message being drawn again, 'new' for a new picture, or null. */
  drawing: string | null;
  editingId: string | null;
  setEditingId: (id: string | null) => void;
  /** Draws a new picture, or (with a message) that image message again from `prompt`. */
  generate: (target?: { messageId: string; prompt: string }) => Promise<void>;
}

/** The chat screen's conversation images: the button's rule, drawing and redrawing, and the modals they open. */
export function useConversationImages(o: {
  characterId: string;
  profile: CharacterProfile | undefined;
  member: boolean;
  conversationId: string | null;
  dispatch: Dispatch<ChatViewAction>;
  openModal: (modal: ChatModal) => void;
  askSignIn: () => void;
}): ConversationImages {
  const permissions = useAppSelector(selectPermissions);
  const { settings } = useImageSettings();
  const notify = useNotify();
  const [draw] = useChat_drawImageMutation();
  // Both belong to the conversation they started in: another one on screen shows neither.
  const [drawingIn, setDrawingIn] = useState<{ conversationId: string; id: string } | null>(null);
  const [editingIn, setEditingIn] = useState<{ conversationId: string | null; id: string } | null>(null);
  const action = imageButtonAction({
    permissions: o.member ? (permissions ?? []) : null,
    character: { visibility: o.profile?.visibility ?? 'public', lora_status: o.profile?.lora_status ?? null },
    legacy_mode: settings.legacy_mode,
  });
  const conversationId = o.conversationId;
  const drawing = drawingIn && drawingIn.conversationId === conversationId ? drawingIn.id : null;
  const editingId = editingIn && editingIn.conversationId === conversationId ? editingIn.id : null;
  const setEditingId = (id: string | null) => setEditingIn(id === null ? null : { conversationId, id });
  // The conversation on screen: a picture that arrives after the member moved to another one is not added there.
  const current = useRef(conversationId);
  useEffect(() => {
    current.current = conversationId;
  }, [conversationId]);

  const generate = async (target?: { messageId: string; prompt: string }) => {
    if (!conversationId || drawing) return;
    setDrawingIn({ conversationId, id: target?.messageId ?? 'new' });
    try {
      const message = await draw({
        ...settings,
        conversation_id: conversationId,
        character_id: o.characterId,
        ...(target ? { message_id: target.messageId, image_prompt: target.prompt } : {}),
      }).unwrap();
      if (current.current !== conversationId) return;
      o.dispatch(target ? { type: 'imageRedrawn', message } : { type: 'imageAdded', message });
      setEditingIn(null);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      // Only this conversation's: a drawing started since in another one goes on.
      setDrawingIn((d) => (d && d.conversationId === conversationId ? null : d));
    }
  };

  const onButton = () => {
    if (action === 'sign_up') o.askSignIn();
    else if (action === 'premium_prompt') o.openModal({ kind: 'imageUpgrade', tier: 'premium' });
    else if (action === 'top_tier_prompt') o.openModal({ kind: 'imageUpgrade', tier: 'top' });
    else if (action === 'training') o.openModal({ kind: 'imageTraining' });
    else void generate();
  };

  return { action, available: action !== 'generate' || conversationId !== null, onButton, drawing, editingId, setEditingId, generate };
}
