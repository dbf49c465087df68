import styled from '@emotion/styled';
import { useId } from 'react';
import type { CharacterProfile } from '@fable/contracts';
import { Avatar, Link } from '@fable/shared';
import { Card, Muted } from './profileLayout';
import { displayText, type ProfileKind } from './profileRules';
import { PROFILE_TEXTS } from './profileTexts';

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.6;
`;

const Members = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 8px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  a:hover,
  a:focus-visible {
    filter: brightness(1.1);
  }
`;

/** A text of the profile (greeting, personality...) under its title; nothing when it is empty. */
export function TextSection({ title, text }: { title: string; text: string | null | undefined }) {
  const id = useId();
  const shown = displayText(text);
  if (!shown) return null;
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Text>{shown}</Text>
    </Card>
  );
}

/** The sub-characters (a groupchat's members), linked to their profiles. */
export function SubCharacters({ profile, kind }: { profile: CharacterProfile; kind: ProfileKind }) {
  const titleId = useId();
  const members = profile.sub_characters ?? [];
  if (members.length === 0 && kind !== 'groupchat') return null;
  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId}>{PROFILE_TEXTS.subCharacters}</h2>
      {members.length === 0 ? (
        <Muted>{PROFILE_TEXTS.noSubCharacters}</Muted>
      ) : (
        <Members>
          {members.map((member) => {
            const name = displayText(member.name);
            return (
              <li key={member.id}>
                <Link to={`/chatbot/${encodeURIComponent(member.id)}`}>
                  <Avatar src={member.avatar_url ?? null} name={name} alt="" size="md" />
                  <span>{name}</span>
                </Link>
              </li>
            );
          })}
        </Members>
      )}
    </Card>
  );
}
