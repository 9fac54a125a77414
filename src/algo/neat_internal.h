// Shared between the NEAT files: growing a genome's arrays.
#ifndef ALIFE_NEAT_INTERNAL_H
#define ALIFE_NEAT_INTERNAL_H

#include "alife/neat.h"

/// Room for nodes and conns entries; false when out of memory.
bool neat_reserve(alNeatGenome *g, int nodes, int conns);
/// Appends (caller keeps the order: ids and innovations ascending).
bool neat_push_node(alNeatGenome *g, int32_t id, uint8_t type);
bool neat_push_conn(alNeatGenome *g, alNeatConn c);
/// Inserts keeping the order by id / innovation.
bool neat_insert_node(alNeatGenome *g, int32_t id, uint8_t type);
bool neat_insert_conn(alNeatGenome *g, alNeatConn c);

#endif
