import type { FinderRules } from '#common/schemas/paddle-finder.ts';

// The finder's rules until the owner saves their own (docs/decisions/028). They follow what the specs
// mean for players (shared research, "pickleball catalogue"): a heavier paddle and a thinner core give
// power and stability, a 16 mm core is softer and gives control, a lighter paddle with a thick core is
// kinder to elbows, an elongated shape gives reach in singles, a wide body forgives off-centre hits.
// Reasons are fragments: a match reads "Fits because <reason>, <reason> and <reason>."

export const DEFAULT_FINDER_RULES: FinderRules = {
  productType: 'paddles',
  rules: [
    {
      question: 'skill',
      answer: 'beginner',
      filters: [],
      prefers: [
        { key: 'f.shape', values: ['Widebody', 'Hybrid'], points: 3, reason: 'its {value} face forgives off-centre hits while you learn' },
        { key: 'f.swing_weight', max: 112, points: 2, reason: 'a swing weight of {value} is easy to get around quickly' },
        { key: 'f.play_style', values: ['Control', 'All-court'], points: 1, reason: 'it is a forgiving {value} paddle' },
      ],
    },
    {
      question: 'skill',
      answer: 'intermediate',
      filters: [],
      prefers: [
        { key: 'f.shape', values: ['Hybrid'], points: 2, reason: 'a hybrid shape balances reach and sweet spot as your game grows' },
        { key: 'f.face_material', values: ['Raw carbon', 'Carbon/Kevlar'], points: 1, reason: 'its {value} face adds spin' },
      ],
    },
    {
      question: 'skill',
      answer: 'advanced',
      filters: [],
      prefers: [
        { key: 'f.face_material', values: ['Raw carbon', 'Carbon/Kevlar', 'Titanium/carbon'], points: 2, reason: 'its {value} face grips the ball for spin' },
        { key: 'f.swing_weight', min: 115, points: 1, reason: 'a swing weight of {value} stays stable in fast exchanges' },
      ],
    },
    {
      question: 'format',
      answer: 'singles',
      filters: [],
      prefers: [{ key: 'f.shape', values: ['Elongated', 'Extra-elongated'], points: 3, reason: 'its {value} shape gives the reach singles asks for' }],
    },
    {
      question: 'format',
      answer: 'doubles',
      filters: [],
      prefers: [{ key: 'f.shape', values: ['Widebody', 'Hybrid'], points: 2, reason: 'a {value} face is quick and forgiving at the kitchen line' }],
    },
    {
      question: 'format',
      answer: 'both',
      filters: [],
      prefers: [{ key: 'f.shape', values: ['Hybrid'], points: 2, reason: 'a hybrid shape plays singles and doubles alike' }],
    },
    {
      question: 'style',
      answer: 'control',
      filters: [],
      prefers: [
        { key: 'f.play_style', values: ['Control'], points: 3, reason: 'it is built for control' },
        { key: 'o.core_thickness', values: ['16 mm'], points: 2, reason: 'a 16 mm core keeps dinks and resets soft' },
      ],
    },
    {
      question: 'style',
      answer: 'power',
      filters: [],
      prefers: [
        { key: 'f.play_style', values: ['Power'], points: 3, reason: 'it is built for power' },
        { key: 'f.static_weight', min: 7.9, points: 1, reason: 'its {value} of weight drives through the ball' },
        { key: 'o.core_thickness', values: ['13 mm', '14 mm'], points: 1, reason: 'a {value} core adds pop' },
      ],
    },
    {
      question: 'style',
      answer: 'balanced',
      filters: [],
      prefers: [{ key: 'f.play_style', values: ['All-court'], points: 3, reason: 'it is an all-court paddle, for drives and touch alike' }],
    },
    {
      question: 'arm',
      answer: 'yes',
      filters: [],
      prefers: [
        { key: 'f.static_weight', max: 7.9, points: 3, reason: 'at {value} it is light on your elbow' },
        { key: 'o.core_thickness', values: ['16 mm'], points: 2, reason: 'a thick 16 mm core soaks up vibration' },
        { key: 'f.swing_weight', max: 110, points: 1, reason: 'a low swing weight of {value} spares your arm' },
      ],
    },
    { question: 'arm', answer: 'no', filters: [], prefers: [] },
    { question: 'budget', answer: 'under-100', filters: [{ key: 'price', values: ['-100'] }], prefers: [] },
    { question: 'budget', answer: '100-175', filters: [{ key: 'price', values: ['100-175'] }], prefers: [] },
    { question: 'budget', answer: 'over-175', filters: [{ key: 'price', values: ['175-'] }], prefers: [] },
    { question: 'budget', answer: 'any', filters: [], prefers: [] },
    { question: 'weight', answer: 'light', filters: [{ key: 'f.static_weight', values: ['light'] }], prefers: [] },
    { question: 'weight', answer: 'mid', filters: [{ key: 'f.static_weight', values: ['mid'] }], prefers: [] },
    { question: 'weight', answer: 'heavy', filters: [{ key: 'f.static_weight', values: ['heavy'] }], prefers: [] },
    { question: 'weight', answer: 'unsure', filters: [], prefers: [] },
  ],
};
