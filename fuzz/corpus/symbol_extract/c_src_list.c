#include "list.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int list_debug = 0;

static node_t* node_new(int value) {
  node_t* n = malloc(sizeof *n);
  if (n) {
    n->value = value;
    n->next = NULL;
  }
  return n;
}

list_t* list_new(void) { return calloc(1, sizeof(list_t)); }

void list_push(list_t* list, int value) {
  node_t* n = node_new(value);
  n->next = list->head;
  list->head = n;
  list->length++;
  if (list_debug) log_message("push %d", value);
}

int list_each(const list_t* list, visit_fn visit, void* user) {
  for (node_t* n = list->head; n; n = n->next)
    if (visit(n->value, user)) return 1;
  return 0;
}

void list_free(list_t* list) {
  while (list->head) {
    node_t* next = list->head->next;
    free(list->head);
    list->head = next;
  }
  free(list);
}

void log_message(const char* format, ...) {
  va_list args;
  va_start(args, format);
  vfprintf(stderr, format, args);
  va_end(args);
}
