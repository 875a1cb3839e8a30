// Pins FerretDB v1 (the last v1) for the dev and test engines; scripts/install-engines.sh
// fetches this module, checks it against go.sum, and builds its cmd/ferretdb.
module funnel-sync/scripts/ferretdb

go 1.24

require github.com/FerretDB/FerretDB v1.24.2
