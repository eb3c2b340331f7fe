// `Bucket` and `SHA256` live in FlagKitBucket, which needs nothing from Foundation, so the
// flaggen tool can compute buckets without linking FlagKit's networking. Apps see them as
// FlagKit's own.
@_exported import FlagKitBucket
