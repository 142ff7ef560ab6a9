// The demo catalogue's makers: fictional names, so the demo never looks like an endorsement.

export interface DemoBrand {
  name: string;
  description: string;
  isFeatured: boolean;
  /** Logo colours: background, then the emblem's. */
  colors: [string, string];
  tagline: string;
}

export const DEMO_BRANDS: DemoBrand[] = [
  {
    name: 'Kitchen Line Co.',
    description:
      'Control-first paddles built in small batches in Austin. Raw carbon faces, thermoformed edges and a sweet spot that forgives a rushed reset at the kitchen line.',
    isFeatured: true,
    colors: ['#0f766e', '#f0fdfa'],
    tagline: 'Built for the soft game',
  },
  {
    name: 'Dinkwell',
    description: 'Everyday paddles and balls for club players. Dinkwell tests every ball for bounce and roundness so league night feels the same every week.',
    isFeatured: true,
    colors: ['#b45309', '#fffbeb'],
    tagline: 'Play more, worry less',
  },
  {
    name: 'Baseline Athletic',
    description: 'Court shoes and performance apparel designed for quick lateral steps, long tournament days and hot outdoor courts.',
    isFeatured: true,
    colors: ['#1d4ed8', '#eff6ff'],
    tagline: 'Move first',
  },
  {
    name: 'Third Shot Supply',
    description: 'Bags, grips and court-side essentials from players who got tired of carrying everything in a grocery tote.',
    isFeatured: true,
    colors: ['#7c3aed', '#f5f3ff'],
    tagline: 'Everything for the drop',
  },
  {
    name: 'Volley Republic',
    description: 'Power paddles with elongated shapes and foam-injected edges for players who like to finish the point at the net.',
    isFeatured: false,
    colors: ['#be123c', '#fff1f2'],
    tagline: 'Finish at the net',
  },
  {
    name: 'Courtcraft',
    description: 'Portable nets, court lines and practice gear for driveways, gyms and parks. Sets up in minutes, packs into one bag.',
    isFeatured: false,
    colors: ['#15803d', '#f0fdf4'],
    tagline: 'Any court, anywhere',
  },
  {
    name: 'Erne & Co.',
    description: 'Relaxed court apparel made from recycled fabrics, cut for movement and good enough for the café after the match.',
    isFeatured: false,
    colors: ['#334155', '#f8fafc'],
    tagline: 'Court to café',
  },
  {
    name: 'Spinhaus',
    description: 'Textured-face paddles and tournament balls engineered for spin. Loved by players who live on the topspin roll.',
    isFeatured: false,
    colors: ['#c2410c', '#fff7ed'],
    tagline: 'Grip. Rip. Repeat.',
  },
];
