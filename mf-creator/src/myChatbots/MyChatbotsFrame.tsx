import type { ReactNode, Ref } from 'react';
import { MyChatbotsNav, type MyChatbotsSection } from './MyChatbotsNav';
import { CreatorPage, CreatorPageHeader } from './pageParts';

export interface MyChatbotsFrameProps {
  heading: string;
  /** The heading takes focus (tabIndex -1) when what had it goes away (a deleted card). */
  headingRef: Ref<HTMLHeadingElement>;
  /** Beside the heading (Create Chatbot). */
  action?: ReactNode;
  /** The section showing, and how many drafts there are (the Drafts link's count). */
  current: MyChatbotsSection;
  drafts?: number;
  children?: ReactNode;
}

/** A section of My Chatbots (its chatbots, its drafts): the heading, the sections' links, then the section. */
export function MyChatbotsFrame({ heading, headingRef, action, current, drafts, children }: MyChatbotsFrameProps) {
  return (
    <CreatorPage>
      <CreatorPageHeader>
        <h1 ref={headingRef} tabIndex={-1}>
          {heading}
        </h1>
        {action}
      </CreatorPageHeader>
      <MyChatbotsNav current={current} drafts={drafts} />
      {children}
    </CreatorPage>
  );
}
