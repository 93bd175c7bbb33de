/**
 * The line drawings a cleaning service tile may show (issue 14): staff choose one in the back
 * office, whose catalogues name each in the staff member's language, and the storefront draws
 * it. Each is the `d` of its paths in a 24 × 24 box, stroked at 1.75 with round caps and joins,
 * in the style of the storefront's other icons. Plain data, so the storefront and the back
 * office draw the same picture.
 */
export const cleaningServiceIcons = {
  house: { paths: ['M3 11 12 4l9 7M5 10v10h14V10M10 20v-5h4v5'] },
  box: { paths: ['M3 8 12 4l9 4-9 4-9-4Z', 'M3 8v8l9 4 9-4V8M12 12v8'] },
  sparkle: {
    paths: [
      'M12 3v4M12 17v4M3 12h4M17 12h4',
      'm6 6 2.5 2.5M15.5 15.5 18 18M18 6l-2.5 2.5M8.5 15.5 6 18',
    ],
  },
  office: {
    paths: [
      'M4 21V4h10v17M14 9h6v12M2 21h20',
      'M7 8h1M10 8h1M7 12h1M10 12h1M7 16h1M10 16h1M17 13h1M17 17h1',
    ],
  },
  warehouse: { paths: ['M2 9 12 4l10 5v12H2V9Z', 'M6 21v-8h12v8M6 17h12'] },
  school: {
    paths: ['M2 9 12 5l10 4-10 4L2 9Z', 'M6 11v5c2 2 10 2 12 0v-5M22 9v6'],
  },
  window: {
    paths: [
      'M5 3h14a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z',
      'M12 3v18M4 12h16',
    ],
  },
  floor: { paths: ['M3 20h18M5 20l3-6h8l3 6', 'M12 14V4'] },
  calendar: {
    paths: [
      'M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z',
      'M3 10h18M8 3v4M16 3v4M9 15l2 2 4-4',
    ],
  },
  broom: {
    paths: ['M19 3 12 10', 'M12 10c-3 0-5 1-7 4l-2 7 7-2c3-2 4-4 4-7l-2-2Z', 'm6 19 3-4M9 20l2-3'],
  },
  shield: {
    paths: ['M12 3 5 6v5c0 5 3 8 7 10 4-2 7-5 7-10V6l-7-3Z', 'M12 9v6M9 12h6'],
  },
  bed: {
    paths: [
      'M3 18V6M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-8v5',
      'M5 10.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0Z',
    ],
  },
} as const satisfies Record<string, { paths: readonly string[] }>;

export type CleaningServiceIcon = keyof typeof cleaningServiceIcons;

/** The icons' names in the order the back office offers them. */
export const cleaningServiceIconNames = Object.keys(cleaningServiceIcons) as [
  CleaningServiceIcon,
  ...CleaningServiceIcon[],
];
