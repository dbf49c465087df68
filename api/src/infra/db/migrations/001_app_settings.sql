-- App settings per application id (document 1 §3 "App settings read"), read by GET /api/app-settings.
-- Seeds the main brand (fable), the sister brand (tales) and a partner site (storynest).
-- Addresses use the reserved .example domain until real ones exist.

create table app_settings (
  application_id text primary key,
  settings jsonb not null,
  updated_at timestamptz not null default now()
);

with shared as (
  select $json${
    "search": { "publicKey": "", "collectionName": "characters" },
    "tagOptions": [
      "Female", "Male", "Non-Binary", "Fantasy", "Romance", "Adventure", "Drama", "Comedy", "Horror",
      "Mystery", "Sci-Fi", "Slice of Life", "Action", "Historical", "Supernatural", "Anime", "Game",
      "Movies & TV", "Books", "Mythology", "Magic", "Royalty", "Knight", "Elf", "Vampire", "Werewolf",
      "Demon", "Angel", "Monster", "Robot", "Cyberpunk", "Steampunk", "Post-Apocalyptic", "Dystopian",
      "Superhero", "Villain", "Detective", "Mafia", "Office", "College", "Sports", "Wholesome", "Dominant",
      "Submissive", "Yandere", "Tsundere", "Step-Family", "Multiple Characters", "RPG", "OC"
    ],
    "negativeKeywords": [
      { "keyword": "underage", "alternatives": ["adult", "young adult"] },
      { "keyword": "minor", "alternatives": ["adult"] },
      { "keyword": "child", "alternatives": ["adult"] },
      { "keyword": "kid", "alternatives": ["adult"] },
      { "keyword": "teen", "alternatives": ["young adult", "college student"] },
      { "keyword": "highschool", "alternatives": ["college", "university"] },
      { "keyword": "high school", "alternatives": ["college", "university"] },
      { "keyword": "loli", "alternatives": ["adult"] },
      { "keyword": "shota", "alternatives": ["adult"] },
      { "keyword": "incest", "alternatives": ["step-family"] }
    ],
    "inferenceModels": [
      {
        "id": "demo",
        "name": "Fable Demo",
        "size": "demo",
        "tokens": "4K",
        "description": "Demo model: answers in character from the chatbot's definition, without a language model. Configure a model for real conversations.",
        "tag": "Demo",
        "level": 0,
        "permission": null,
        "hide_unauthorized": false
      }
    ],
    "growthFlags": {
      "onboardingV2": true,
      "lorebook": true,
      "groupchat": true,
      "languageFilter": true,
      "interestModal": true,
      "listingV2": true,
      "valentinePromo": false,
      "createV2": true,
      "anonymousCreate": false,
      "myChatsV2": true,
      "profileV2": true,
      "myChatbotsV2": true,
      "personaV2": true
    },
    "logoutDomain": null,
    "navHeaderButton": { "label": "Upgrade", "icon": "crown", "to": "/subscribe" },
    "notification": { "salesBannerDisabled": false }
  }$json$::jsonb as settings
),
per_app (application_id, settings) as (
  values
  ('fable', $json${
    "kind": "main",
    "branding": {
      "displayName": "Fable",
      "logos": {
        "light": "/brands/fable/logo-light.svg",
        "dark": "/brands/fable/logo-dark.svg",
        "icon": "/brands/fable/icon.svg"
      },
      "ownerAddresses": ["Fable Labs Ltd., 1 Example Street, London EC1A 1AA, United Kingdom"],
      "supportUrl": "https://support.fable.example",
      "privacyUrl": "/privacy",
      "refundUrl": "/refund",
      "termsUrl": "/terms",
      "footerBottomLineHtml": null
    },
    "recommender": { "homepageScenarioName": "fable-homepage" },
    "footerLinks": [
      { "label": "Terms", "to": "/terms" },
      { "label": "Privacy", "to": "/privacy" },
      { "label": "Refunds", "to": "/refund" },
      { "label": "Reporting", "to": "/report" },
      { "label": "Guidelines", "to": "/guidelines" },
      { "label": "Support", "to": "https://support.fable.example" },
      { "label": "Affiliates", "to": "https://affiliates.fable.example" },
      { "label": "Discord", "to": "https://fable.example/go/discord" },
      { "label": "X", "to": "https://fable.example/go/x" },
      { "label": "Reddit", "to": "https://fable.example/go/reddit" },
      { "label": "18 U.S.C. 2257 Record-Keeping Requirements Compliance Statement", "to": "/2257" }
    ]
  }$json$::jsonb),
  ('tales', $json${
    "kind": "sister",
    "branding": {
      "displayName": "Tales",
      "logos": {
        "light": "/brands/tales/logo-light.svg",
        "dark": "/brands/tales/logo-dark.svg",
        "icon": "/brands/tales/icon.svg"
      },
      "ownerAddresses": ["Fable Labs Ltd., 1 Example Street, London EC1A 1AA, United Kingdom"],
      "supportUrl": "https://support.tales.example",
      "privacyUrl": "/privacy",
      "refundUrl": "/refund",
      "termsUrl": "/terms",
      "footerBottomLineHtml": null
    },
    "recommender": { "homepageScenarioName": "tales-homepage" },
    "growthFlags": {
      "onboardingV2": true,
      "lorebook": true,
      "groupchat": false,
      "languageFilter": true,
      "interestModal": true,
      "listingV2": false,
      "valentinePromo": false,
      "createV2": false,
      "anonymousCreate": false,
      "myChatsV2": true,
      "profileV2": false,
      "myChatbotsV2": false,
      "personaV2": true
    },
    "footerLinks": [
      { "label": "Terms", "to": "/terms" },
      { "label": "Privacy", "to": "/privacy" },
      { "label": "Refunds", "to": "/refund" },
      { "label": "Reporting", "to": "/report" },
      { "label": "Guidelines", "to": "/guidelines" },
      { "label": "Support", "to": "https://support.tales.example" }
    ]
  }$json$::jsonb),
  ('storynest', $json${
    "kind": "partner",
    "branding": {
      "displayName": "StoryNest",
      "logos": {
        "light": "/brands/storynest/logo-light.svg",
        "dark": "/brands/storynest/logo-dark.svg",
        "icon": "/brands/storynest/icon.svg"
      },
      "ownerAddresses": [],
      "supportUrl": "https://help.storynest.example",
      "privacyUrl": "https://storynest.example/privacy",
      "refundUrl": "https://storynest.example/refunds",
      "termsUrl": "https://storynest.example/terms",
      "footerBottomLineHtml": "© StoryNest Media Inc. Characters powered by Fable."
    },
    "recommender": { "homepageScenarioName": "storynest-homepage" },
    "growthFlags": {
      "onboardingV2": false,
      "lorebook": false,
      "groupchat": false,
      "languageFilter": false,
      "interestModal": false,
      "listingV2": false,
      "valentinePromo": false,
      "createV2": false,
      "anonymousCreate": false,
      "myChatsV2": false,
      "profileV2": false,
      "myChatbotsV2": false,
      "personaV2": false
    },
    "logoutDomain": "https://storynest.example",
    "notification": { "salesBannerDisabled": true },
    "footerLinks": [
      { "label": "Support", "to": "https://help.storynest.example" },
      { "label": "Terms", "to": "https://storynest.example/terms" },
      { "label": "Privacy", "to": "https://storynest.example/privacy" },
      { "label": "Refunds", "to": "https://storynest.example/refunds" }
    ]
  }$json$::jsonb)
)
-- Top-level keys of the per-application object replace the shared ones.
insert into app_settings (application_id, settings)
select per_app.application_id, shared.settings || per_app.settings
from per_app cross join shared
on conflict (application_id) do nothing;
