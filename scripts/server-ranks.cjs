// The ranks of the server's features (issue 35, docs/conventions.md): a feature imports only
// features of a lower rank, through their index.ts. Read by .dependency-cruiser.cjs (the lint) and
// by scripts/feature-graph.test.ts. A new feature takes the lowest rank above everything it uses.
module.exports = [
  // 0 — enforcement (issue 43): recording an action against a person, strikes and their ladder.
  // Below everything, so every feature that hides, removes or holds something records it here.
  ['enforcement'],
  // 1 — core: what everything else is about (a group, a file); nothing of theirs is below them.
  // 'Palavras ocultas' (issue 43) asks only access/: its settings sit here.
  ['groups', 'media', 'waitlist', 'health', 'hidden-words'],
  // 2 — content and capabilities on top of groups: posts, chat, the group's forum, videos and
  // materials, payments (a paid group's checkout).
  // Essays (redação, issue 38) ask only groups' rules (through access/): they sit here too.
  // Decks (Anki flashcards, issue 42) too: groups' rules through access/, FSRS from lib/; the review
  // queue reaches them through a port app.ts wires into study's routes.
  ['posts', 'chat', 'forum', 'videos', 'materials', 'payments', 'essays', 'decks'],
  // 3 — the study loop over posts' questions: the bank, the caderno, reviews, study time.
  // Imports (issue 42) bring questions in as posts and take a group's or a simulado's out.
  ['study', 'imports'],
  // 4 — over the study loop: simulados (a group's exams, made of the bank's questions) and rooms
  // (study together: rooms, focus blocks with verified minutes, streaks and leagues; issue 39).
  ['simulados', 'rooms'],
  // 5 — people: a profile shows their study figures and their groups; adaptive practice, the
  // mastery map and resolutions over the bank, the caderno and the simulados' item model.
  ['users', 'practice'],
  // 6 — accounts and sessions: sign-up answers the profile's `Me`.
  ['auth'],
  // 7 — workflows over everything below: search, reports and moderation, privacy (exports,
  // erasure), the teacher's toolkit, and notifications (which follow the others' events).
  ['search', 'reports', 'privacy', 'teaching', 'notifications'],
  // 8 — guardians: a teen's dashboard reads study, chat and privacy.
  ['guardians'],
];
