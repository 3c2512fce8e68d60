#include "geo/shape.hpp"

#include <algorithm>

namespace geo {

namespace {
constexpr double kPi = 3.14159265358979;
}

std::string Shape::name() const { return "shape"; }

void Shape::move_by(const Point& delta) {
  origin_.x += delta.x;
  origin_.y += delta.y;
}

Circle::Circle(double radius, Point center) : radius_(radius) { move_by(center); }

double Circle::area() const { return kPi * radius_ * radius_; }

double total_area(const std::vector<const Shape*>& shapes, double scale) {
  double sum = 0;
  for (const Shape* s : shapes) sum += s->area();
  return sum * scale;
}

auto largest(const std::vector<const Shape*>& shapes) -> const Shape* {
  auto it = std::max_element(shapes.begin(), shapes.end(),
                             [](const Shape* a, const Shape* b) { return a->area() < b->area(); });
  return it == shapes.end() ? nullptr : *it;
}

}  // namespace geo
