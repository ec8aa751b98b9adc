-- A flight search answer may be shared: identical searches within a
-- connector's searchCacheWindow get the same TraceId and result indexes
-- (internal/searchcache). One supplier result is then open to more than
-- one user, and only one of them may hold a booking on it at a time
-- (BookingCreate, under an advisory lock on the result). This index finds
-- a result's bookings.
CREATE INDEX bookings_result ON bookings (supplier, trace_id, result_index);
