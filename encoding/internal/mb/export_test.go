package mb

// Decode2Scalar exports decode2Scalar to the external tests.
var Decode2Scalar = decode2Scalar

// Encode2Scalar exports encode2Scalar to the external tests.
var Encode2Scalar = encode2Scalar

// HasLead24 exports hasLead24 to the external tests.
var HasLead24 = hasLead24
