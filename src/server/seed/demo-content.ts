// Texts for a fresh demo shop: a fictional business in Austin, Texas. Colours, tax and
// shipping keep their column defaults.

export const DEMO_SITE_TEXTS = {
  siteTitle: 'Kitchen Line Pickleball',
  heroTitle: 'Gear up for your best game yet',
  heroDescription: 'Paddles, balls, shoes and court gear chosen by players who are on the court five days a week. Free shipping on orders over $50.',
  featuresTitle: 'Why Players Shop With Us',
  feature1Title: 'Play-Tested Gear',
  feature1Description: 'Every paddle in the shop has been through league nights and drills with our staff before it reaches the shelf.',
  feature2Title: 'Real Player Advice',
  feature2Description: 'Not sure between 14 mm and 16 mm? Our team of 4.0+ players will help you pick the right paddle for your game.',
  feature3Title: 'Fast, Free Shipping',
  feature3Description: 'Orders over $50 ship free and leave our Austin warehouse within one business day.',
  authPageTitle: 'Sign in | Kitchen Line Pickleball',
  authPageCardTitle: 'Welcome back to the court',
  authPageHeroTitle: 'Your pickleball pro shop',
  authPageHeroDescription: 'Sign in to check out faster, follow your orders and keep your order history in one place. New here? Create an account in seconds.',
};

export const DEMO_CONTACT = {
  email: 'hello@kitchenlinepickleball.example',
  phone: '(512) 555-0142',
  // "street, city, state, zip": also the tax origin address
  address: '2401 E Cesar Chavez St, Austin, TX, 78702',
  facebook: 'https://www.facebook.com/kitchenlinepickleball.example',
  twitter: 'https://x.com/kitchenline_example',
  instagram: 'https://www.instagram.com/kitchenlinepickleball.example',
  linkedin: null,
  businessHours: 'Mon-Fri 9:00 AM - 6:00 PM CT, Sat 10:00 AM - 4:00 PM CT, Sun closed',
};

export const DEMO_POLICIES = {
  title1: 'Privacy Policy',
  content1: [
    'Kitchen Line Pickleball ("we", "us") respects your privacy. This policy explains what information we collect when you visit our shop or place an order, and how we use it.',
    'We collect the information you give us at checkout and when you create an account: your name, e-mail address, phone number and shipping address. Card details are entered directly with our payment processor and never reach or stay on our servers.',
    'We use your information to process and ship your orders, to send order confirmations and shipping updates, and to answer your questions. We do not sell or rent your personal information to anyone.',
    'We share only what is needed with the companies that help us run the shop: our payment processor, our shipping carriers and our sales tax service. Each of them may use your information only to provide their service to us.',
    "Our site uses a single session cookie to keep you signed in and your cart uses your browser's local storage. We do not use advertising or tracking cookies.",
    'You can ask us at any time to see, correct or delete the personal information we hold about you by writing to hello@kitchenlinepickleball.example. We keep order records for as long as tax law requires.',
  ].join('\n'),
  title2: 'Terms and Conditions',
  content2: [
    'By using this website and placing an order you agree to these terms. Please read them carefully.',
    'All prices are shown in US dollars. Sales tax is calculated at checkout based on your shipping address. We reserve the right to correct pricing errors and to cancel orders placed at an incorrect price, in which case you will be refunded in full.',
    'Product availability is shown as accurately as we can. If an item becomes unavailable after you order, we will contact you and refund that item.',
    'Your order is accepted when we send the shipping confirmation. Until then we may cancel an order, for example when we suspect fraud, with a full refund.',
    'Coupons are valid only within their stated dates and usage limits, cannot be exchanged for cash and only one coupon may be used per order.',
    "Warranty claims for paddles and shoes are handled according to each manufacturer's warranty. Contact us and we will help you with the claim.",
    'These terms are governed by the laws of the State of Texas. Questions about these terms can be sent to hello@kitchenlinepickleball.example.',
  ].join('\n'),
  title3: 'Shipping & Returns',
  content3: [
    'We ship to all 50 US states and the District of Columbia. Orders placed before 2 PM Central Time on a business day leave our warehouse the same day.',
    'Standard shipping costs $5.99 and is free on orders of $50 or more. Delivery usually takes 3 to 5 business days. You will receive a tracking number by e-mail as soon as your order ships.',
    'A parcel that arrives damaged is replaced or refunded in full: write to hello@kitchenlinepickleball.example with a photo within 7 days of delivery.',
    'Not happy with your purchase? How long you have to return it, and what we accept, are in the Returns section below.',
  ].join('\n'),
};

/**
 * The demo shop's return window ("test drive") and terms, kept in the return settings rather than the
 * policy text: the Returns section of the policies page, the product pages and the order e-mails are
 * written from them, so they cannot disagree with what the order page lets a customer ask for.
 */
export const DEMO_RETURN_POLICY = {
  windowDays: 30,
  conditions: [
    'Return unused items in their original packaging for a full refund of the item price.',
    'Paddles may be returned after light play-testing if the face and edge guard show no damage. Shoes must be returned unworn outdoors.',
    'We send you a prepaid return label; a $6.95 label fee is deducted from the refund unless the item arrived damaged or was sent in error.',
    'Refunds are issued to the original payment method within 5 business days of the return reaching us.',
  ].join('\n'),
};
