#pragma once

#include <memory>
#include <string>
#include <vector>

namespace geo {

struct Point {
  double x = 0, y = 0;
};

class Shape {
 public:
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual std::string name() const;
  void move_by(const Point& delta);

 protected:
  Point origin_;
};

class Circle final : public Shape {
 public:
  explicit Circle(double radius, Point center = {});
  double area() const override;
  std::string name() const override { return "circle"; }

 private:
  double radius_;
};

template <class T, class... Rest>
class Group : public Shape {
 public:
  void add(std::unique_ptr<T> item, Rest&&... rest);
  double area() const override;

 private:
  std::vector<std::unique_ptr<T>> items_;
};

double total_area(const std::vector<const Shape*>& shapes, double scale = 1.0);
auto largest(const std::vector<const Shape*>& shapes) -> const Shape*;

}  // namespace geo
