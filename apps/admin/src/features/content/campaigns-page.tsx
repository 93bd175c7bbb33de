import { useCampaigns } from './api.js';
import { ContentList } from './content-list.js';

/** The home page's campaign banners: title, image, link, products and schedule. */
export default function CampaignsPage() {
  const campaigns = useCampaigns();
  return <ContentList kind="campaign" loaded={campaigns} items={campaigns.data?.campaigns} />;
}
