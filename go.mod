module github.com/leapfrog-solver/leapfrog

go 1.26
