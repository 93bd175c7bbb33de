-- Payments are captured when the goods ship or are picked up (issue 32.3): a reservation that
-- waits for its shipment has no time for its charge yet. Orders already stored keep theirs, so
-- they are charged as they were placed to be.
ALTER TABLE "orders" ALTER COLUMN "payment_next_attempt_at" DROP NOT NULL;
