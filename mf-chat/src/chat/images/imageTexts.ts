/**
 * Texts of conversation images (document 1 §2 "Conversation Image Settings", "Chatbot Image Training", "upgrade
 * prompts for images"; §4 "Image training request: idle, submitting, success (shows queue count), error, or already
 * pending"; §8 "There was an error submitting the training request."). The spec gives the error text; the rest is ours.
 */
export const IMAGE_TEXTS = {
  button: 'Generate an image',
  buttonNeedsConversation: 'Send a message first to add images to this chat',
  drawing: 'Drawing an image…',
  imageAlt: (prompt: string) => `Generated image: ${prompt}`,
  nsfwHidden: 'This image may show adult content.',
  showImage: 'Show image',
  editPrompt: 'Edit prompt',
  promptLabel: 'Image prompt',
  settings: 'Settings',
  generate: 'Generate',
  cancel: 'Cancel',
  // Conversation Image Settings
  settingsTitle: 'Conversation Image Settings',
  styleLabel: 'Image style',
  styles: { 'semi-realistic': 'Semi Realistic', anime: 'Anime', anime_v2: 'Anime V2', 'semi-realistic_v2': 'Semi Realistic V2' },
  v2Locked: "V2 styles come with I'm All In",
  nsfwMode: 'NSFW mode',
  nsfwModeHint: 'Allow adult content in generated images. Adult images are blurred until you choose to see them.',
  legacyMode: 'Legacy mode',
  legacyModeHint: "Draw with the chatbot's trained image model. Chatbots without one need training first.",
  loraScale: 'Trained model strength',
  loraScaleHint: "How strongly the chatbot's trained model shapes the picture.",
  suffixLabel: 'Add to every prompt',
  suffixHint: 'Words added to the end of each image prompt, such as a style or a mood.',
  negativeLabel: 'Negative prompt',
  negativeHint: 'What the image should not show.',
  deviceNote: 'These settings are saved on this device.',
  save: 'Save',
  saved: 'Image settings saved',
  reset: 'Reset to defaults',
  tooLong: (max: number) => `At most ${max} characters.`,
  // Chatbot Image Training
  trainingTitle: 'Chatbot Image Training',
  trainingIntro: (name: string) =>
    `${name} has no trained image model yet. Training teaches the image generator what ${name} looks like, so pictures in legacy mode stay true to the character.`,
  trainingDuration: 'Training usually takes about 10 minutes, and can take longer when many chatbots are waiting.',
  trainingLimit: 'You can request up to 4 trainings a day.',
  trainingSubmit: 'Request training',
  trainingSubmitting: 'Requesting…',
  trainingSuccess: (count: number) =>
    count <= 1 ? 'Training requested. Your chatbot is next in the queue.' : `Training requested. ${count} chatbots are in the queue, yours included.`,
  trainingPending: 'This chatbot is already being trained. Its images will use the trained model once it is ready.',
  trainingError: 'There was an error submitting the training request.',
  close: 'Close',
  // Upgrade prompts
  upgradeTitle: 'Conversation images',
  premiumText: 'Generate images of your chats with True Supporter: see the scene, the character and the moment.',
  topTierText: "Images on private chatbots and trained image models come with I'm All In.",
  upgrade: 'Upgrade',
  // Feedback on an image (its own reasons, document 1 §3)
  imageReasons: ["Doesn't match the prompt", "Doesn't look like the character", 'Distorted or broken', 'Low quality', 'Other'],
} as const;
