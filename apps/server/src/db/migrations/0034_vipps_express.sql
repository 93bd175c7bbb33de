-- Vipps Express (issue 32.4): a checkout whose address and delivery the shopper picks in the
-- Vipps app, priced without shipping until the approved payment says which.
ALTER TABLE "checkouts" ADD COLUMN "express" boolean DEFAULT false NOT NULL;