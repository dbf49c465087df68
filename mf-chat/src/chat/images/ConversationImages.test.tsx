import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsFor, type Permission } from '@fable/contracts';
import { apiErrorBody } from '@fable/shared/testing';
import { renderChatRemote, toasts } from '../../testing/renderChatRemote';
import { ChatPage } from '../ChatPage';
import { characterFixture, conversationFixture, messageFixture } from '../testing/chatFixtures';
import { installChatStream } from '../testing/fakeChatStream';
import { IMAGE_SETTINGS_KEY } from './imageSettings';
import { IMAGE_TEXTS } from './imageTexts';

const PATHS = ['/chat/:characterId', '/chat/:characterId/:conversationId'];
let chatStream: ReturnType<typeof installChatStream>;
afterEach(() => chatStream?.restore());

const imageMessage = (id: string, prompt: string, extra = {}) =>
  messageFixture(id, 'assistant', '', { image_url: `/api/images/${'a'.repeat(31)}${id.slice(-1)}/500x600.webp`, image_prompt: prompt, ...extra });

function renderChat(o: { permissions: Permission[]; handlers?: Record<string, unknown>; character?: ReturnType<typeof characterFixture>; stored?: object; extra?: object[] }) {
  window.sessionStorage.clear();
  const result = renderChatRemote(<ChatPage />, {
    member: true,
    permissions: o.permissions,
    url: '/chat/bot1/c1',
    path: PATHS,
    handlers: {
      'GET /characters/bot1': { body: o.character ?? characterFixture() },
      'GET /personas': { body: { personas: [] } },
      'GET /conversations/c1/messages': {
        body: {
          messages: [messageFixture('m1', 'user', 'Show me the bridge'), messageFixture('m2', 'assistant', 'The bridge hums.'), ...(o.extra ?? [])],
          has_more: false,
          conversation: conversationFixture(),
        },
      },
      ...(o.handlers as object),
    },
  });
  if (o.stored) window.localStorage.setItem(IMAGE_SETTINGS_KEY, JSON.stringify(o.stored));
  chatStream = installChatStream();
  return result;
}

const imageButton = () => screen.findByRole('button', { name: IMAGE_TEXTS.button });

describe('conversation images on the chat screen', () => {
  it('offers a free member the premium prompt, with Upgrade to the subscribe page', async () => {
    renderChat({ permissions: permissionsFor('free') });
    await screen.findByText('The bridge hums.');
    await userEvent.click(await imageButton());
    const dialog = await screen.findByRole('dialog', { name: IMAGE_TEXTS.upgradeTitle });
    expect(within(dialog).getByText(IMAGE_TEXTS.premiumText)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: IMAGE_TEXTS.upgrade })).toHaveAttribute('href', '/subscribe');
  });

  it('offers the top-tier prompt on a private chatbot below I’m All In', async () => {
    renderChat({ permissions: permissionsFor('basic'), character: characterFixture({ visibility: 'private' }) });
    await screen.findByText('The bridge hums.');
    await userEvent.click(await imageButton());
    expect(await screen.findByText(IMAGE_TEXTS.topTierText)).toBeInTheDocument();
  });

  it('draws for a True Supporter with the saved settings, shows the picture, and draws it again from an edited prompt', async () => {
    const { fake } = renderChat({
      permissions: permissionsFor('basic'),
      stored: { model_style: 'anime', user_prompt_suffix: 'soft light' },
      handlers: {
        'POST /conversation-image': (call: { body: { message_id?: string; image_prompt?: string } }) => ({
          body: call.body.message_id ? imageMessage('i1', call.body.image_prompt ?? '', { image_url: `/api/images/${'b'.repeat(32)}/500x600.webp` }) : imageMessage('i1', 'Captain Mira on the bridge'),
        }),
      },
    });
    await screen.findByText('The bridge hums.');
    await userEvent.click(await imageButton());
    const picture = await screen.findByRole('img', { name: 'Generated image: Captain Mira on the bridge' });
    expect(picture).toHaveAttribute('src', `/api/images/${'a'.repeat(31)}1/500x600.webp`);
    expect(fake.callsTo('POST /conversation-image').map((c) => c.body)).toEqual([
      { conversation_id: 'c1', character_id: 'bot1', model_style: 'anime', nsfw_mode: false, legacy_mode: false, lora_scale: 0.8, user_prompt_suffix: 'soft light', user_negative_prompt: '' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: IMAGE_TEXTS.editPrompt }));
    // A draft given up is not what the editor shows next time.
    await userEvent.type(screen.getByRole('textbox', { name: IMAGE_TEXTS.promptLabel }), ' abandoned');
    await userEvent.click(screen.getByRole('button', { name: IMAGE_TEXTS.cancel }));
    await userEvent.click(screen.getByRole('button', { name: IMAGE_TEXTS.editPrompt }));
    const prompt = screen.getByRole('textbox', { name: IMAGE_TEXTS.promptLabel });
    expect(prompt).toHaveValue('Captain Mira on the bridge');
    await userEvent.clear(prompt);
    await userEvent.type(prompt, 'The bridge at warp speed');
    await userEvent.click(screen.getByRole('button', { name: IMAGE_TEXTS.generate }));
    expect(await screen.findByRole('img', { name: 'Generated image: The bridge at warp speed' })).toHaveAttribute('src', `/api/images/${'b'.repeat(32)}/500x600.webp`);
    expect(fake.callsTo('POST /conversation-image').at(-1)!.body).toMatchObject({ message_id: 'i1', image_prompt: 'The bridge at warp speed' });
    expect(screen.queryByRole('textbox', { name: IMAGE_TEXTS.promptLabel })).not.toBeInTheDocument();
    // Settings from the prompt editor opens the Conversation Image Settings.
    await userEvent.click(screen.getByRole('button', { name: IMAGE_TEXTS.editPrompt }));
    await userEvent.click(screen.getByRole('button', { name: IMAGE_TEXTS.settings }));
    expect(await screen.findByRole('dialog', { name: IMAGE_TEXTS.settingsTitle })).toBeInTheDocument();
  });

  it('tells the member why a picture was refused', async () => {
    const { store } = renderChat({
      permissions: permissionsFor('basic'),
      handlers: { 'POST /conversation-image': { status: 422, body: apiErrorBody('image_nsfw_mode_off', 'Turn NSFW mode on to draw it.') } },
    });
    await screen.findByText('The bridge hums.');
    await userEvent.click(await imageButton());
    await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'error', message: 'Turn NSFW mode on to draw it.' }));
  });

  it('veils an adult image until the member asks to see it, and rates it with the image reasons', async () => {
    renderChat({
      permissions: permissionsFor('basic'),
      extra: [imageMessage('i7', 'a duel at dusk', { image_is_nsfw: true })],
      handlers: { 'POST /messages/i7/label': { body: imageMessage('i7', 'a duel at dusk', { image_is_nsfw: true, rating: 'bad' }) } },
    });
    const veiled = await screen.findByRole('img', { name: 'Generated image: a duel at dusk' });
    expect(veiled.getAttribute('src')).toMatch(/500x600\.blurred\.webp$/);
    await userEvent.click(screen.getByRole('button', { name: IMAGE_TEXTS.showImage }));
    expect(veiled.getAttribute('src')).toMatch(/500x600\.webp$/);
    expect(veiled.getAttribute('src')).not.toMatch(/blurred/);
    const item = veiled.closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Bad' }));
    expect(await within(item).findByRole('button', { name: IMAGE_TEXTS.imageReasons[0] })).toBeInTheDocument();
  });

  it('shows a reply that came with its picture with both its words and the picture', async () => {
    renderChat({ permissions: permissionsFor('basic'), extra: [imageMessage('i3', 'lanterns over the stalls', { content: 'Look at the <b>lanterns</b>.' })] });
    expect(await screen.findByText('Look at the lanterns.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Generated image: lanterns over the stalls' })).toBeInTheDocument();
  });

  it('in legacy mode without a trained model, I’m All In gets the training modal: success with the queue count, already pending, error', async () => {
    let answer: { status?: number; body: unknown } = { body: { count: 3 } };
    renderChat({ permissions: permissionsFor('premium'), stored: { legacy_mode: true }, handlers: { 'POST /characters/train': () => answer } });
    await screen.findByText('The bridge hums.');
    await userEvent.click(await imageButton());
    const dialog = await screen.findByRole('dialog', { name: IMAGE_TEXTS.trainingTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: IMAGE_TEXTS.trainingSubmit }));
    expect(await within(dialog).findByText(IMAGE_TEXTS.trainingSuccess(3))).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: IMAGE_TEXTS.trainingSubmit })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: IMAGE_TEXTS.close })[0]!);

    answer = { status: 409, body: apiErrorBody('image_training_pending', 'This chatbot is already being trained.') };
    await userEvent.click(await imageButton());
    const again = await screen.findByRole('dialog', { name: IMAGE_TEXTS.trainingTitle });
    await userEvent.click(within(again).getByRole('button', { name: IMAGE_TEXTS.trainingSubmit }));
    expect(await within(again).findByText(IMAGE_TEXTS.trainingPending)).toBeInTheDocument();
    await userEvent.click(within(again).getAllByRole('button', { name: IMAGE_TEXTS.close })[0]!);

    answer = { status: 429, body: apiErrorBody('image_training_limit', 'You can request at most 4 image trainings a day. Try again tomorrow.') };
    await userEvent.click(await imageButton());
    const third = await screen.findByRole('dialog', { name: IMAGE_TEXTS.trainingTitle });
    await userEvent.click(within(third).getByRole('button', { name: IMAGE_TEXTS.trainingSubmit }));
    expect(await within(third).findByText(/There was an error submitting the training request\. You can request at most 4/)).toBeInTheDocument();
  });

  it('keeps the Conversation Image Settings on the device; V2 styles only with conversation_images_v2; Save disabled while unchanged', async () => {
    renderChat({ permissions: permissionsFor('basic') });
    await screen.findByText('The bridge hums.');
    await userEvent.click(screen.getByRole('button', { name: /options/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: IMAGE_TEXTS.settingsTitle }));
    const dialog = await screen.findByRole('dialog', { name: IMAGE_TEXTS.settingsTitle });
    const save = within(dialog).getByRole('button', { name: IMAGE_TEXTS.save });
    expect(save).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Semi Realistic' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Anime V2' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Anime' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: IMAGE_TEXTS.nsfwMode }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: IMAGE_TEXTS.negativeLabel }), 'blurry');
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: IMAGE_TEXTS.settingsTitle })).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem(IMAGE_SETTINGS_KEY)!)).toEqual({
      model_style: 'anime', nsfw_mode: true, legacy_mode: false, lora_scale: 0.8, user_prompt_suffix: '', user_negative_prompt: 'blurry',
    });
  });
});
