import type { ReactNode } from 'react';
import type { Campaign, ProductCard } from '@shop/shared';
import { ProductGridSkeleton } from '../../components/ui/product-grid-skeleton.js';
import { responsiveImage } from '../../lib/image-url.js';
import {
  useCampaignsQuery,
  useCarouselQuery,
  useFeaturedProductsQuery,
  useNewProductsQuery,
} from './catalog-api.js';
import { useCatalogText } from './catalog-i18n.js';
import { CleaningPromotion } from './cleaning-promotion.js';
import { HomeCarousel, HomeCarouselPlaceholder } from './home-carousel.js';
import { ProductGrid } from './product-grid.js';
import { SmartLink } from './smart-link.js';

function ProductSection({
  id,
  title,
  products,
  loading,
  children,
}: {
  id: string;
  title: string;
  products: ProductCard[] | undefined;
  loading: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children}
      {loading ? (
        <ProductGridSkeleton count={4} />
      ) : (
        <ProductGrid name={`${id}-products`} products={products ?? []} />
      )}
    </section>
  );
}

/** A campaign's banner is as wide as the page's container, less its gutters. */
const BANNER_SIZES =
  '(min-width: 1400px) 1296px, (min-width: 1200px) 1116px, (min-width: 992px) 936px, (min-width: 768px) 696px, (min-width: 576px) 516px, calc(100vw - 24px)';

/**
 * A banner keeps a 3:1 box whatever the picture uploaded (see `.campaign-banner img`), so the
 * cards below do not move when it loads.
 */
function CampaignBanner({ campaign }: { campaign: Campaign }) {
  return (
    <ProductSection
      id={`campaign-${campaign._id}`}
      title={campaign.title}
      products={campaign.products}
      loading={false}
    >
      <SmartLink to={campaign.link} className="campaign-banner d-block mb-3">
        <img
          {...responsiveImage(campaign.image, BANNER_SIZES)}
          alt={campaign.title}
          width={1200}
          height={400}
          loading="lazy"
          decoding="async"
          className="w-100 h-auto rounded"
        />
      </SmartLink>
    </ProductSection>
  );
}

export default function HomePage() {
  const t = useCatalogText();
  const carousel = useCarouselQuery(undefined);
  const featured = useFeaturedProductsQuery(undefined);
  const latest = useNewProductsQuery(undefined);
  const campaigns = useCampaignsQuery(undefined);
  return (
    <>
      <h1 className="visually-hidden">{t('catalog.home.title')}</h1>
      {carousel.isLoading ? (
        <HomeCarouselPlaceholder />
      ) : (
        carousel.data && carousel.data.length > 0 && <HomeCarousel slides={carousel.data} />
      )}
      <div className="container">
        <ProductSection
          id="best-selling"
          title={t('catalog.home.bestSelling')}
          products={featured.data}
          loading={featured.isLoading}
        />
        <ProductSection
          id="latest"
          title={t('catalog.home.latest')}
          products={latest.data}
          loading={latest.isLoading}
        />
        {campaigns.data?.map((campaign) => (
          <CampaignBanner key={campaign._id} campaign={campaign} />
        ))}
        <CleaningPromotion />
      </div>
    </>
  );
}

// The server's render of this page (issue 15).
export { loadHomePage as loadPage } from './page-loaders.js';
