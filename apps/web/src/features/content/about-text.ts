export interface ServiceSection {
  id: string;
  title: string;
  paragraphs: string[];
}

/** The 'About us' page's text, in one place so a translation can be added. */
export const aboutText = {
  title: 'About us',
  /** Opens with the shop's name as the owner set it. */
  intro: (shopName: string) => [
    `${shopName} is a small family-run trading company based in Norway. We bring together garments, handmade goods and natural products from the makers we know, and we import and export them ourselves, so that we can vouch for where every product comes from.`,
    'Alongside the shop we run a cleaning-services business for homes and workplaces. These are the things we do.',
  ],
  servicesHeading: 'Our services',
  servicesButton: 'Services',
  sections: [
    {
      id: 'ethnic-garments',
      title: 'Ethnic Garments',
      paragraphs: [
        'Traditional clothing woven, printed and embroidered by hand: kurtas, saris, shawls and festive wear, chosen for their craft and made to be worn for years.',
      ],
    },
    {
      id: 'western-garments',
      title: 'Western Garments',
      paragraphs: [
        'Everyday and outdoor clothing in natural fibres such as wool, cotton and linen, with sizes and cuts for the Nordic climate.',
      ],
    },
    {
      id: 'handicrafts',
      title: 'Handicrafts',
      paragraphs: [
        'Woodwork, metalwork, textiles and decorations made by artisans we work with directly, so that a fair share of the price reaches the maker.',
      ],
    },
    {
      id: 'health-and-beauty',
      title: 'Health and Beauty',
      paragraphs: [
        'Soaps, oils and skin care made from simple ingredients, without unnecessary additives, and clearly labelled.',
      ],
    },
    {
      id: 'herbal-goods',
      title: 'Herbal Goods',
      paragraphs: [
        'Dried herbs, spices and herbal blends, packed in small batches to keep their aroma, with their origin stated on every pack.',
      ],
    },
    {
      id: 'honey',
      title: 'Honey',
      paragraphs: [
        'Raw and lightly filtered honey from small beekeepers, in varieties that change with the season and the flowers.',
      ],
    },
    {
      id: 'coffee-and-tea',
      title: 'Coffee and Tea',
      paragraphs: [
        'Single-origin coffee and loose-leaf tea, imported directly from growers and roasted or packed close to the day we ship it.',
      ],
    },
    {
      id: 'hemp-products',
      title: 'Hemp Products',
      paragraphs: [
        'Durable bags, clothing and household goods made from hemp, one of the most sustainable fibres there is. All our hemp goods are free of THC and legal in Norway.',
      ],
    },
    {
      id: 'cleaning-services',
      title: 'Cleaning Services',
      paragraphs: [
        'House, office, moving-related and deep cleaning by a trained team with five years of experience. If you are not satisfied, we come back within 48 hours to put it right.',
      ],
    },
  ] satisfies ServiceSection[],
} as const;
