/** A policy page's text: kept as data, one module per page, so a translation can be added. */
export interface PolicySection {
  heading: string;
  paragraphs?: string[];
  points?: string[];
}

export interface PolicyDocument {
  title: string;
  updated: string;
  intro: string[];
  sections: PolicySection[];
}
