/*
 * The floor for Scripts/bench.sh: reads a file and pulls libyaml's parse events through it,
 * building nothing. No YAML tool can read the manifest faster than this.
 *
 *   cc -O2 -o yaml_floor Benchmarks/yaml_floor.c -lyaml && ./yaml_floor flags.yaml
 */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: yaml_floor FILE\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 2;
    }
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) return 2;
    yaml_parser_set_input_file(&parser, file);
    unsigned long events = 0;
    for (;;) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s: YAML error: %s\n", argv[1], parser.problem ? parser.problem : "unknown");
            return 1;
        }
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        events++;
        if (done) break;
    }
    yaml_parser_delete(&parser);
    fclose(file);
    printf("%lu events\n", events);
    return 0;
}
