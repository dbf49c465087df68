// The group chat's rules: who speaks next, which chatbots are members for whom, and how a group becomes its answers.
// The API (api/src/modules/chat/group, api/src/modules/groupChats) and the mock API (mocks/src/resources/chat.ts,
// groupChats.ts) both call these; they keep the loading, the state and the errors.
export { escapeRegExp, membersNamedIn, namingPhrases, pickSpeaker, type SpeakerCandidate, type SpokenLine } from './groupSpeaker';
export { chooseSpeaker, type SpeakerChoice, type SpeakerTurn, type SpeakerTurnAsk } from './turnSpeaker';
export {
  checkMembers,
  memberShows,
  membersTokenCount,
  planMembers,
  shownMembers,
  speakingMembers,
  toSubCharacter,
  type GroupMember,
  type GroupOwner,
  type GroupToSave,
  type MemberPlan,
  type MemberRefusal,
  type MemberRefusalReason,
} from './groupMembers';
export { groupChatDetail, memberOptionList, mergeFields, type GroupFields, type GroupFieldsInput, type GroupRowView, type MemberOptionRow } from './groupChatDetail';
