import styled from '@emotion/styled';
import { Avatar } from '@fable/shared';
import { useFormContext, useWatch } from '@fable/shared/forms';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import type { ChatbotValues } from './chatbotValues';

const Box = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  .avatar-label {
    display: block;
    margin-bottom: 4px;
    font-weight: 600;
    font-size: 0.9rem;
  }
  p {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The avatar's place in a guest's form (anonymous_create): the name's initial, and a note that the avatar comes once
 * they have an account (generating or uploading it goes through the API, which a guest's form never calls).
 */
export function GuestAvatarNote() {
  const { control } = useFormContext<ChatbotValues>();
  const name = useWatch({ control, name: 'name' });
  return (
    <Box>
      <Avatar src={null} name={name || '?'} size={72} shape="rounded" alt="No avatar yet" />
      <div>
        <span className="avatar-label">{T.guestAvatar}</span>
        <p>{T.guestAvatarNote}</p>
      </div>
    </Box>
  );
}
